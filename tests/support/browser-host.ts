import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const DEMO_PASSWORD = 'demo-Console-2026';
export const DEMO = {
  admin: 'admin@demo.example',
  owner: 'owner@demo.example',
  director: 'director@demo.example',
  teacher: 'teacher@demo.example',
  parent: 'parent@demo.example',
  staff: 'staff@demo.example',
} as const;

export interface RunningHost {
  /** The printed address, with the per-launch key. */
  url: string;
  origin: string;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}

const READY_LINE = /Operations console: (http:\/\/\S+)/;
/** Logged by the host once its embedded server listens (it serves the page before that). */
const SERVER_READY_LINE = /Embedded server listening on /;

export interface StartHostOptions {
  env?: Record<string, string>;
  /**
   * Wait until the embedded server listens too (default). Tests are about what the console does, not
   * about how long a first start takes on a loaded machine; the start-up benchmark measures that.
   */
  waitForServer?: boolean;
  /** The host bundle to run; default this checkout's build. A benchmark compares another build with it. */
  entry?: string;
}

/** Starts the built browser host (dist/main/browser.js) on a random port with the given data directory. */
export async function startHost(
  dataDir: string,
  { env = {}, waitForServer = true, entry = 'dist/main/browser.js' }: StartHostOptions = {},
): Promise<RunningHost> {
  const child = spawn(process.execPath, [path.resolve(entry)], {
    env: { ...process.env, CONSOLE_DEFAULT_BACKUPS: 'off', ...env, PORT: '0', CONSOLE_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser host did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = READY_LINE.exec(output);
      if (match?.[1] && (!waitForServer || SERVER_READY_LINE.test(output))) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`browser host exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    origin: new URL(url).origin,
    dataDir,
    output: () => output,
    stop: () => stopChild(child),
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  // Ended already, by exit or by a signal (a second stop of the same host, as after a restart).
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function makeDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'console-e2e-'));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
