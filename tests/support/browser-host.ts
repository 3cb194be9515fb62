import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { LAUNCH_SECRET_HEADER } from '../../shared/constants';
import { scratchDir } from './scratch';

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

/**
 * The launch secret every test host's embedded server is started with (CONSOLE_LAUNCH_SECRET), so a test
 * can call that server itself, as a script of its administrator would: send it in LAUNCH_SECRET_HEADER.
 */
export const TEST_LAUNCH_SECRET = 'test-launch-secret-of-the-e2e-hosts-0123456789';
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
    env: {
      ...process.env,
      CONSOLE_DEFAULT_BACKUPS: 'off',
      CONSOLE_DEMO_REPORTS: 'off',
      CONSOLE_LAUNCH_SECRET: TEST_LAUNCH_SECRET,
      ...env,
      PORT: '0',
      CONSOLE_DATA_DIR: dataDir,
    },
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
  const dir = await scratchDir('console-e2e-');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The embedded server of a host, as it logged it last (a reset starts another, on another port). */
export function embeddedServerUrl(host: RunningHost): string {
  const match = [...host.output().matchAll(/Embedded server listening on (http:\/\/\S+)/g)].at(-1);
  if (!match?.[1]) throw new Error(`no embedded server in:\n${host.output()}`);
  return match[1];
}

/** The headers a test sends to call a test host's embedded server itself. */
export const LAUNCH_SECRET_HEADERS = { [LAUNCH_SECRET_HEADER]: TEST_LAUNCH_SECRET };

/**
 * A gateway in front of a test host's embedded server, for a second host (another desktop) to use: it adds
 * the launch secret to each request, as a reverse proxy of the operator would, and connects from
 * `localAddress` (127.0.0.2 plays a second machine). Answers stream through (the alert stream too).
 */
export async function gatewayTo(
  target: string,
  localAddress = '127.0.0.1',
): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  const server = createServer((incoming, outgoing) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        localAddress,
        agent: false,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, ...LAUNCH_SECRET_HEADERS },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.destroy());
    outgoing.on('close', () => forward.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('gateway without a port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
