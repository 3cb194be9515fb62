import { listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStubElectronDist } from './stub-electron';

// Packs the app with electron-builder (`--linux dir`) against a stub Electron and checks what ships.
// Expects `npm run build` to have run (npm test does it first).
let work: string;
let unpacked: string;
let entries: string[];

const ON = 49;
const OFF = 48;

beforeAll(async () => {
  expect(existsSync('dist/main/electron.js'), 'run `npm run build` first').toBe(true);
  work = await mkdtemp(path.join(tmpdir(), 'console-pack-'));
  const electronDist = await makeStubElectronDist(path.join(work, 'electron-dist'));
  const output = path.join(work, 'release');
  execFileSync(
    'npx',
    [
      'electron-builder',
      '--linux',
      'dir',
      '--config',
      'electron-builder.yml',
      `-c.electronDist=${electronDist}`,
      `-c.directories.output=${output}`,
      '--publish',
      'never',
    ],
    { stdio: 'pipe', env: { ...process.env, ELECTRON_BUILDER_OFFLINE: 'true' } },
  );
  unpacked = path.join(output, 'linux-unpacked');
  entries = listPackage(path.join(unpacked, 'resources', 'app.asar'), { isPack: false }).map((e) =>
    e.replaceAll('\\', '/'),
  );
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('app.asar', () => {
  it('holds the main bundles, the preload, the renderer build, the database snapshots and the server migrations', () => {
    for (const file of [
      '/package.json',
      '/dist/main/electron.js',
      '/dist/main/browser.js',
      '/dist/server/worker.js',
      '/dist/server/pglite-demo.tar.gz',
      '/dist/server/pglite-empty.tar.gz',
      '/dist/preload/preload.cjs',
      '/dist/preload/bridge.js',
      '/dist/renderer/index.html',
      '/server/db/migrations/meta/_journal.json',
    ]) {
      expect(entries, file).toContain(file);
    }
    expect(entries.some((e) => /^\/server\/db\/migrations\/[^/]+\.sql$/.test(e))).toBe(true);
    expect(entries.some((e) => /^\/dist\/renderer\/assets\/.+\.js$/.test(e))).toBe(true);
    expect(entries).toContain('/node_modules/fastify/package.json');
  });

  it('leaves out sources, tests, source maps and dev-only packages', () => {
    const forbidden = [
      /^\/tests\//,
      /^\/bench\//,
      /^\/renderer\//,
      /^\/main\//,
      /^\/preload\//,
      /^\/server\/(?!db$|db\/migrations(\/|$))/,
      /\.test\.[cm]?[jt]sx?$/,
      /\.map$/,
      /^\/\.ci\//,
    ];
    for (const pattern of forbidden) {
      expect(
        entries.filter((e) => pattern.test(e)),
        String(pattern),
      ).toEqual([]);
    }
    for (const dev of [
      'electron',
      'electron-builder',
      'vite',
      'vitest',
      '@playwright/test',
      'typescript',
      'react',
      'eslint',
      'node',
      'drizzle-kit',
      'tsx',
    ]) {
      expect(entries, dev).not.toContain(`/node_modules/${dev}/package.json`);
    }
  });

  it('keeps PGlite unpacked so it can read its WASM files', () => {
    expect(
      existsSync(
        path.join(unpacked, 'resources', 'app.asar.unpacked', 'node_modules', '@electric-sql', 'pglite'),
      ),
    ).toBe(true);
  });
});

describe('fuses', () => {
  it('are flipped at packaging: no RunAsNode, no NODE_OPTIONS, no inspect, app only from asar', async () => {
    const binary = readdirSync(unpacked).find(
      (f) => !f.includes('.') && f !== 'resources' && f !== 'locales',
    );
    expect(binary).toBeDefined();
    const wire = await getCurrentFuseWire(path.join(unpacked, binary!));
    expect(wire[FuseV1Options.RunAsNode]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ON);
  });
});
