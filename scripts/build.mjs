// Bundles the main process (both hosts), the two preloads and the server CLI with esbuild.
// The renderer is built by Vite (renderer/vite.config.ts). Run through `npm run build`.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

const common = {
  bundle: true,
  sourcemap: true,
  logLevel: 'warning',
  target: 'node22',
  legalComments: 'none',
};

// Node-side bundles carry their npm dependencies: Node resolving and loading ~1,500 files of node_modules
// took a first launch's server thread 1.4 s of CPU before its first line ran, bundled 0.45 s (issue 29).
// These stay outside, loaded from node_modules at run time (they ship in app.asar's node_modules):
const EXTERNAL_PACKAGES = [
  // finds its WASM and data files next to its own package
  '@electric-sql/pglite',
  // the report libraries load with the first report (server/reports/{xlsx,pdf,chart}.ts): inside the bundle
  // every start would parse their megabytes; pdfmake also reads its fonts from its package
  'exceljs',
  'pdfmake',
  'vega',
  'vega-lite',
  // node-postgres's optional native binding, never installed
  'pg-native',
  'electron',
];
// A CommonJS package inside an ES module bundle calls require(): give the bundle one.
const requireShim =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";
const nodeBundle = (entry, outfile, extra = {}) =>
  build({
    ...common,
    entryPoints: [entry],
    outfile,
    platform: 'node',
    format: 'esm',
    external: EXTERNAL_PACKAGES.flatMap((name) => [name, `${name}/*`]),
    banner: { js: requireShim },
    ...extra,
  });

await Promise.all([
  rm('dist/main', { recursive: true, force: true }),
  rm('dist/preload', { recursive: true, force: true }),
  rm('dist/server', { recursive: true, force: true }),
]);

// The contract's channel and event names, for /bridge.js: read here so that the page's bridge does not
// bundle the contract's schemas (zod) to learn them.
const names = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bridge-names.ts'], {
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'inherit'],
});
if (names.status !== 0) process.exit(names.status ?? 1);

await Promise.all([
  nodeBundle('main/electron/index.ts', 'dist/main/electron.js'),
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
    define: { __CONSOLE_BRIDGE_NAMES__: names.stdout },
  }),
]);

// The browser host serves these precompressed (main/browser/static-files.ts): brotli and gzip copies
// next to each script and style sheet, made once here at the highest levels rather than per request.
const PRECOMPRESSED = /\.(js|css|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
async function precompress(file) {
  const raw = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzipped(raw, { level: zlib.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}
const rendererFiles = (await readdir('dist/renderer', { recursive: true }))
  .filter((name) => PRECOMPRESSED.test(name))
  .map((name) => path.join('dist/renderer', name));
await Promise.all([...rendererFiles, 'dist/preload/bridge.js'].map(precompress));

// The demo database a first start loads instead of running initdb (server/db/snapshot.ts).
const snapshot = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/make-snapshot.ts'], {
  stdio: 'inherit',
});
if (snapshot.status !== 0) process.exit(snapshot.status ?? 1);
