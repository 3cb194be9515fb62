/**
 * The README's first command (`npm start` → scripts/start.mjs) chooses what to open: the desktop app
 * where the Electron binary is installed, else one line and the browser host; `--desktop` insists on
 * Electron. Each case runs in a fake project in a temporary folder: a copy of the script, a fake
 * `electron` package (with or without its binary, a shell script standing in for it), a fake
 * dist/main/browser.js and a fake npm for the build, so these tests exercise the choice, not the hosts.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BROWSER_FALLBACK_LINE,
  DESKTOP_MISSING_LINE,
  chooseHost,
  electronPackageDir,
  findElectronBinary,
} from '../../../scripts/start.mjs';

const SCRIPT = path.resolve('scripts/start.mjs');
const posix = process.platform !== 'win32';
const made: string[] = [];

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(file: string, text: string, mode?: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  if (mode !== undefined) chmodSync(file, mode);
}

interface FakeProject {
  root: string;
  electronDir: string;
  binary: string;
  /** Written by the fake npm when the build runs. */
  buildLog: string;
  /** Written by the electron package's index.js if anything loads it (it would download the binary). */
  indexLoaded: string;
}

/**
 * A project folder with scripts/start.mjs. `electron`: 'installed' (path.txt and dist/electron),
 * 'missing' (the package without its binary, as after a refused download) or 'none' (no package).
 */
function fakeProject(electron: 'installed' | 'missing' | 'none', { dist = true } = {}): FakeProject {
  const root = mkdtempSync(path.join(tmpdir(), 'start-command-'));
  made.push(root);
  write(path.join(root, 'package.json'), '{ "name": "fake-console", "private": true }\n');
  mkdirSync(path.join(root, 'scripts'));
  copyFileSync(SCRIPT, path.join(root, 'scripts', 'start.mjs'));
  const electronDir = path.join(root, 'node_modules', 'electron');
  const binary = path.join(electronDir, 'dist', 'electron');
  const indexLoaded = path.join(root, 'index-loaded');
  if (electron !== 'none') {
    write(path.join(electronDir, 'package.json'), '{ "name": "electron", "main": "index.js" }\n');
    write(
      path.join(electronDir, 'index.js'),
      `require('fs').writeFileSync(${JSON.stringify(indexLoaded)}, 'loaded');\n`,
    );
  }
  if (electron === 'installed') {
    write(path.join(electronDir, 'path.txt'), 'electron');
    write(binary, '#!/bin/sh\necho "electron $* in $(pwd)"\nexit "${FAKE_EXIT:-0}"\n', 0o755);
  }
  if (dist) {
    write(path.join(root, 'dist', 'main', 'electron.js'), '');
    write(
      path.join(root, 'dist', 'main', 'browser.js'),
      [
        // Listens for SIGTERM before it prints the address the test answers with the signal.
        'if (process.env.FAKE_WAIT) {',
        '  const keep = setInterval(() => {}, 1000);',
        '  setTimeout(() => process.exit(3), 30000).unref(); // never outlives a failed test for long',
        "  process.on('SIGTERM', () => { console.log('host: SIGTERM, stopping'); clearInterval(keep); process.exit(0); });",
        '}',
        "console.log('Operations console: http://127.0.0.1:5180/?key=fake');",
        'if (!process.env.FAKE_WAIT) process.exit(Number(process.env.FAKE_EXIT ?? 0));',
        '',
      ].join('\n'),
    );
  }
  const buildLog = path.join(root, 'build.log');
  write(
    path.join(root, 'fake-npm.js'),
    `require('fs').appendFileSync(${JSON.stringify(buildLog)}, process.argv.slice(2).join(' ') + '\\n');\n` +
      `process.exit(Number(process.env.FAKE_BUILD_EXIT ?? 0));\n`,
  );
  return { root, electronDir, binary, buildLog, indexLoaded };
}

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runStart(
  project: FakeProject,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  onStdout?: (text: string, child: ReturnType<typeof spawn>) => void,
): Promise<Outcome> {
  const base: NodeJS.ProcessEnv = { ...process.env, npm_execpath: path.join(project.root, 'fake-npm.js') };
  delete base.ELECTRON_OVERRIDE_DIST_PATH;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(project.root, 'scripts', 'start.mjs'), ...args], {
      cwd: project.root,
      env: { ...base, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      onStdout?.(stdout, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const lines = (text: string) => text.split('\n').filter(Boolean);
/** The npm commands the fake npm ran (the build), in order. */
const built = (project: FakeProject) =>
  existsSync(project.buildLog) ? lines(readFileSync(project.buildLog, 'utf8')) : [];

describe('the choice (scripts/start.mjs chooseHost)', () => {
  it('says the one line the issue asks for when Electron is missing', () => {
    expect(BROWSER_FALLBACK_LINE).toBe(
      'The Electron binary is not installed here (it could not be downloaded): opening the same console in your browser instead',
    );
  });

  it.skipIf(!posix)('a fake Electron binary present → the desktop app, as `electron .` ran it', () => {
    const project = fakeProject('installed');
    const dir = electronPackageDir(project.root);
    expect(dir && path.resolve(dir)).toBe(project.electronDir);
    const binary = findElectronBinary(dir, {});
    expect(binary).toBe(project.binary);
    expect(chooseHost({ args: [], electronBinary: binary, root: project.root })).toEqual({
      kind: 'desktop',
      command: project.binary,
      args: ['.'],
      entry: path.join(project.root, 'dist', 'main', 'electron.js'),
    });
    // --desktop is ours; other arguments reach Electron.
    expect(chooseHost({ args: ['--desktop', '--inspect'], electronBinary: binary })).toMatchObject({
      kind: 'desktop',
      args: ['.', '--inspect'],
    });
  });

  it('the package without its binary → the browser host, after exactly the one line', () => {
    const project = fakeProject('missing');
    const binary = findElectronBinary(electronPackageDir(project.root), {});
    expect(binary).toBeUndefined();
    expect(chooseHost({ args: [], electronBinary: binary, root: project.root, nodePath: '/node' })).toEqual({
      kind: 'browser',
      line: BROWSER_FALLBACK_LINE,
      command: '/node',
      args: [path.join(project.root, 'dist', 'main', 'browser.js')],
      entry: path.join(project.root, 'dist', 'main', 'browser.js'),
    });
  });

  it('--desktop without the binary → one line and a failing exit code, nothing started', () => {
    expect(chooseHost({ args: ['--desktop'], electronBinary: undefined })).toEqual({
      kind: 'fail',
      line: DESKTOP_MISSING_LINE,
      code: 1,
    });
  });

  it('no electron package at all → the browser host', () => {
    const project = fakeProject('none');
    expect(electronPackageDir(project.root)).toBeUndefined();
    expect(findElectronBinary(undefined, {})).toBeUndefined();
  });

  it('path.txt naming a binary that is not there → missing, without loading the package (no download)', () => {
    const project = fakeProject('missing');
    write(path.join(project.electronDir, 'path.txt'), 'electron');
    expect(findElectronBinary(electronPackageDir(project.root), {})).toBeUndefined();
    expect(built(project)).toEqual([]);
    expect(existsSync(project.indexLoaded)).toBe(false);
  });

  it.skipIf(!posix)('honours ELECTRON_OVERRIDE_DIST_PATH as the electron package does', () => {
    const project = fakeProject('installed');
    const dir = electronPackageDir(project.root);
    const override = mkdtempSync(path.join(tmpdir(), 'electron-override-'));
    made.push(override);
    // The override wins over the package's own dist/: an empty override is "not installed".
    expect(findElectronBinary(dir, { ELECTRON_OVERRIDE_DIST_PATH: override })).toBeUndefined();
    write(path.join(override, 'electron'), '#!/bin/sh\n', 0o755);
    expect(findElectronBinary(dir, { ELECTRON_OVERRIDE_DIST_PATH: override })).toBe(
      path.join(override, 'electron'),
    );
    // Without path.txt, the package's default name.
    expect(findElectronBinary(undefined, { ELECTRON_OVERRIDE_DIST_PATH: override })).toBe(
      path.join(override, 'electron'),
    );
  });
});

describe('npm start as a process (scripts/start.mjs)', () => {
  it.skipIf(!posix)(
    'with the binary: builds, then runs it on the project and exits with its code',
    async () => {
      const project = fakeProject('installed');
      const result = await runStart(project, [], { FAKE_EXIT: '7' });
      expect(built(project)).toEqual(['run build']);
      expect(lines(result.stdout)).toEqual([`electron . in ${project.root}`]);
      expect(result.stderr).toBe('');
      expect(result.code).toBe(7);
    },
  );

  it('without it: exactly the one line, then the browser host and its address; no stack trace', async () => {
    const project = fakeProject('missing');
    const result = await runStart(project, []);
    expect(built(project)).toEqual(['run build']);
    expect(lines(result.stdout)).toEqual([
      BROWSER_FALLBACK_LINE,
      'Operations console: http://127.0.0.1:5180/?key=fake',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(existsSync(project.indexLoaded)).toBe(false);
  });

  it('--desktop without it: one clear line on stderr, exit 1, no build, no stack trace', async () => {
    const project = fakeProject('missing');
    const result = await runStart(project, ['--desktop']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${DESKTOP_MISSING_LINE}\n`);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr).toContain('Electron binary is not installed');
    expect(built(project)).toEqual([]);
  });

  it('a failing build stops there with its exit code', async () => {
    const project = fakeProject('missing');
    const result = await runStart(project, [], { FAKE_BUILD_EXIT: '2' });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  });

  it('--no-build reuses dist/, and says in one line when there is none', async () => {
    const reused = fakeProject('missing');
    const result = await runStart(reused, ['--no-build']);
    expect(built(reused)).toEqual([]);
    expect(lines(result.stdout)[1]).toBe('Operations console: http://127.0.0.1:5180/?key=fake');
    expect(result.code).toBe(0);

    const unbuilt = fakeProject('missing', { dist: false });
    const missing = await runStart(unbuilt, ['--no-build']);
    expect(missing.code).toBe(1);
    expect(lines(missing.stderr)).toEqual([
      'npm start -- --no-build: dist/main/browser.js is missing; run npm run build first, or npm start without --no-build',
    ]);
  });

  it('passes SIGTERM on to the host and exits as it does', async () => {
    const project = fakeProject('missing');
    let sent = false;
    const result = await runStart(project, ['--no-build'], { FAKE_WAIT: '1' }, (text, child) => {
      if (sent || !text.includes('Operations console:')) return;
      sent = true;
      child.kill('SIGTERM');
    });
    expect(lines(result.stdout).at(-1)).toBe('host: SIGTERM, stopping');
    expect(result.code).toBe(0);
    expect(result.signal).toBeNull();
  });

  it.skipIf(!posix)(
    'stops the host when whoever started it is gone (npm killed alone: sh passes nothing on)',
    async () => {
      const project = fakeProject('missing');
      const script = path.join(project.root, 'scripts', 'start.mjs');
      // As npm runs it: `sh -c "node scripts/start.mjs"`, the shell waiting on the script (the trailing
      // `; true` keeps a shell that would exec a single command in between).
      const shell = spawn('sh', ['-c', `"${process.execPath}" "${script}" --no-build; true`], {
        cwd: project.root,
        env: { ...process.env, FAKE_WAIT: '1' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let stdout = '';
      const stopped = new Promise<void>((resolve) => {
        shell.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('Operations console:') && shell.exitCode === null) shell.kill('SIGTERM');
          if (stdout.includes('host: SIGTERM')) resolve();
        });
      });
      await stopped;
      expect(lines(stdout).at(-1)).toBe('host: SIGTERM, stopping');
    },
  );
});
