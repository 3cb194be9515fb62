// Bundles the main process (both hosts), the two preloads and the server CLI with esbuild.
// The renderer is built by Vite (renderer/vite.config.ts). Run through `npm run build`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';

const common = {
  bundle: true,
  sourcemap: true,
  logLevel: 'warning',
  target: 'node22',
  legalComments: 'none',
};

// Node-side bundles keep their npm dependencies external: they ship in app.asar's node_modules,
// and PGlite must find its WASM files next to its own package.
const nodeBundle = (entry, outfile, extra = {}) =>
  build({
    ...common,
    entryPoints: [entry],
    outfile,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    ...extra,
  });

await Promise.all([
  rm('dist/main', { recursive: true, force: true }),
  rm('dist/preload', { recursive: true, force: true }),
  rm('dist/server', { recursive: true, force: true }),
]);

await Promise.all([
  nodeBundle('main/electron/index.ts', 'dist/main/electron.js', { external: ['electron'] }),
  nodeBundle('main/browser/index.ts', 'dist/main/browser.js'),
  nodeBundle('server/cli.ts', 'dist/server/cli.js'),
  nodeBundle('server/worker.ts', 'dist/server/worker.js'),
  // A sandboxed preload cannot require anything but 'electron': bundle shared/ and zod into one CJS file.
  build({
    ...common,
    entryPoints: ['preload/electron.ts'],
    outfile: 'dist/preload/preload.cjs',
    platform: 'node',
    format: 'cjs',
    external: ['electron'],
    target: 'chrome140',
  }),
  // The browser host's stand-in for the preload: runs in the page before the app's scripts.
  build({
    ...common,
    entryPoints: ['preload/browser.ts'],
    outfile: 'dist/preload/bridge.js',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    minify: true,
  }),
]);

// The demo database a first start loads instead of running initdb (server/db/snapshot.ts).
const snapshot = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/make-snapshot.ts'], {
  stdio: 'inherit',
});
if (snapshot.status !== 0) process.exit(snapshot.status ?? 1);
