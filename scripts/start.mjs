// `npm start`: builds, then opens the console on whatever this machine can run. Where the Electron binary
// is installed, the desktop app (what `electron .` did); where it is not (its download is refused on
// machines without access to GitHub), one line saying so and the browser host, as `npm run web` does.
// `npm start -- --desktop` insists on the desktop app; `npm start -- --no-build` reuses the build in dist/.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BROWSER_FALLBACK_LINE =
  'The Electron binary is not installed here (it could not be downloaded): opening the same console in your browser instead';
export const DESKTOP_MISSING_LINE =
  'npm start -- --desktop: the Electron binary is not installed here (it could not be downloaded); install it where its download is reachable (node node_modules/electron/install.js), or run npm start without --desktop to open the same console in your browser';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The folder of the `electron` package as the project resolves it, without loading it: its index.js
 * downloads the binary when it is missing. Undefined when the package is not installed at all.
 */
export function electronPackageDir(root = ROOT) {
  try {
    return path.dirname(createRequire(path.join(root, 'package.json')).resolve('electron/package.json'));
  } catch {
    return undefined;
  }
}

/**
 * The Electron binary `require('electron')` would answer, if it is there: `path.txt` names it inside the
 * package's `dist/`, or inside ELECTRON_OVERRIDE_DIST_PATH when that is set (as the package itself does).
 * Undefined when it is missing; never throws and never starts a download.
 */
export function findElectronBinary(packageDir, env = process.env) {
  let executable;
  try {
    if (packageDir) executable = readFileSync(path.join(packageDir, 'path.txt'), 'utf8').trim() || undefined;
  } catch {
    executable = undefined;
  }
  let binary;
  if (env.ELECTRON_OVERRIDE_DIST_PATH)
    binary = path.join(env.ELECTRON_OVERRIDE_DIST_PATH, executable ?? 'electron');
  else if (packageDir && executable) binary = path.join(packageDir, 'dist', executable);
  return binary && existsSync(binary) ? binary : undefined;
}

/** `--desktop` and `--no-build` are ours; anything else goes to Electron, as `electron .` passed it. */
export function parseArgs(args) {
  return {
    desktop: args.includes('--desktop'),
    build: !args.includes('--no-build'),
    rest: args.filter((arg) => arg !== '--desktop' && arg !== '--no-build'),
  };
}

/**
 * What `npm start` runs, decided from its arguments and the Electron binary found (or not): the desktop
 * app, the browser host after one line saying why, or nothing but one line and a failing exit code.
 */
export function chooseHost({ args = [], electronBinary, nodePath = process.execPath, root = ROOT }) {
  const { desktop, rest } = parseArgs(args);
  if (electronBinary) {
    return {
      kind: 'desktop',
      command: electronBinary,
      args: ['.', ...rest],
      entry: path.join(root, 'dist', 'main', 'electron.js'),
    };
  }
  if (desktop) return { kind: 'fail', line: DESKTOP_MISSING_LINE, code: 1 };
  const entry = path.join(root, 'dist', 'main', 'browser.js');
  return { kind: 'browser', line: BROWSER_FALLBACK_LINE, command: nodePath, args: [entry], entry };
}

/** `npm run build` through the npm that runs us (npm_execpath), else the one on PATH. */
function build(env) {
  const npm = env.npm_execpath;
  const [command, args] = npm?.endsWith('.js')
    ? [process.execPath, [npm, 'run', 'build']]
    : [npm || 'npm', ['run', 'build']];
  const result = spawnSync(command, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32' && !npm?.endsWith('.js'),
  });
  if (result.error) return { code: 1, line: `npm start: could not run the build (${result.error.message})` };
  return { code: result.status ?? 1 };
}

/** Runs the chosen host with our stdio, passes our signals on and exits as it does. */
function run(command, args) {
  const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of signals) process.on(signal, forward);
  // `npm start` runs us under `sh -c`, which dies of a SIGTERM sent to npm alone without passing it on:
  // when whoever started us is gone (we are re-parented), stop the host as for that SIGTERM.
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(orphaned);
    forward('SIGTERM');
  }, 1000);
  orphaned.unref();
  child.on('error', (error) => {
    console.error(`npm start: could not start ${command} (${error.message})`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    clearInterval(orphaned);
    if (signal) {
      // Ended by a signal: end the same way, so whoever started us sees it.
      for (const name of signals) process.off(name, forward);
      process.kill(process.pid, signal);
      return;
    }
    process.exit(code ?? 1);
  });
}

function main() {
  const args = process.argv.slice(2);
  const choice = chooseHost({ args, electronBinary: findElectronBinary(electronPackageDir()) });
  if (choice.kind === 'fail') {
    console.error(choice.line);
    process.exit(choice.code);
  }
  if (parseArgs(args).build) {
    const built = build(process.env);
    if (built.line) console.error(built.line);
    if (built.code !== 0) process.exit(built.code);
  } else if (!existsSync(choice.entry)) {
    console.error(
      `npm start -- --no-build: ${path.relative(ROOT, choice.entry)} is missing; run npm run build first, or npm start without --no-build`,
    );
    process.exit(1);
  }
  if (choice.kind === 'browser') console.log(choice.line);
  run(choice.command, choice.args);
}

function isMain() {
  try {
    return realpathSync(process.argv[1] ?? '') === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (isMain()) main();
