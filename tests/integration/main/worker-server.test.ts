import { spawn } from 'node:child_process';
import { build } from 'esbuild';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerInWorker } from '../../../main/core/server/worker-server';
import { demoSnapshotFile } from '../../support/demo-snapshot';
import { DEMO_PASSWORD } from './real-server';

// The hosts run the embedded server in a worker thread on the bundled server/worker.ts: bundle it
// here the way scripts/build.mjs does, and drive it through the same starter.
let work: string;
let workerFile: string;
const migrationsFolder = path.resolve('server/db/migrations');

beforeAll(async () => {
  // Inside the repository, so the bundle finds its packages in node_modules as the app does.
  await mkdir('node_modules/.cache', { recursive: true });
  work = await mkdtemp(path.resolve('node_modules/.cache/console-worker-'));
  workerFile = path.join(work, 'worker.js');
  await build({
    entryPoints: ['server/worker.ts'],
    outfile: workerFile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
});
afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

/**
 * A demo server's options in `<work>/<dir>`, passed through to server/start.ts as they are; the migrations
 * folder is named because the bundle does not sit two levels below the repository root here.
 */
const demoOptions = async (dir: string) => ({
  host: '127.0.0.1',
  port: 0,
  dataDir: path.join(work, dir),
  seedDemo: true,
  // The run's demo snapshot, as the app's first start loads the build's (seeding it here would take
  // ~20 s of PGlite, more than a minute on a loaded machine).
  demoSnapshotFile: await demoSnapshotFile(),
  migrationsFolder,
});
/** A server that cannot start: its database does not answer. */
const unreachable = {
  host: '127.0.0.1',
  port: 0,
  databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
  migrationsFolder,
};
const signIn = (url: string) =>
  fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
  });

describe('the embedded server in a worker thread', () => {
  it('listens, serves the demo sign-in, and closes its thread', async () => {
    const start = startServerInWorker(workerFile, { logLevel: 'silent' });
    const server = await start({ ...(await demoOptions('db')), logDir: path.join(work, 'logs') });
    expect((await signIn(server.url)).status).toBe(200);
    await server.close();
    await expect(fetch(`${server.url}/auth/test`)).rejects.toThrow();

    // The thread's own rotating file in the hosts' log folder: at info whatever stderr's level, so
    // the requests are there, and the password of the body is not.
    const logs = await readdir(path.join(work, 'logs'));
    const serverLogs = logs.filter((name) => /^server\.\d{4}-\d{2}-\d{2}\.1\.log$/.test(name));
    expect(serverLogs).toHaveLength(1);
    const text = await readFile(path.join(work, 'logs', serverLogs[0] ?? ''), 'utf8');
    expect(text).toContain('/auth/login');
    expect(text).not.toContain(DEMO_PASSWORD);
  }, 180_000);

  it('rejects with the cause when the server cannot start', async () => {
    const start = startServerInWorker(workerFile, { logLevel: 'silent' });
    await expect(start(unreachable)).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});

describe('a reused thread (reuseThread: the browser host test reset)', () => {
  it('starts the next server in the thread of the one closed; a thread killed or failed is not used again', async () => {
    const start = startServerInWorker(workerFile, { logLevel: 'silent', reuseThread: true });
    const options = await demoOptions('reused');
    const first = await start(options);
    await first.close();
    await expect(fetch(`${first.url}/auth/test`)).rejects.toThrow();

    const second = await start(options);
    expect(second.threadId).toBe(first.threadId);
    expect((await signIn(second.url)).status).toBe(200);

    // Stopped at once (as a crash would): its thread is gone, the next start gets a new one.
    await second.kill?.();
    const third = await start(options);
    expect(third.threadId).not.toBe(second.threadId);
    expect((await signIn(third.url)).status).toBe(200);
    await third.close();

    // A start that fails in the reused thread ends it, with the cause; the next start gets a new one.
    await expect(start(unreachable)).rejects.toThrow(/ECONNREFUSED|connect/);
    const fourth = await start(options);
    expect(fourth.threadId).not.toBe(third.threadId);
    expect((await signIn(fourth.url)).status).toBe(200);
    await fourth.close();
  }, 180_000);

  it('a thread waiting for its next start does not keep the process alive', async () => {
    const script = path.join(work, 'park-and-exit.mts');
    await writeFile(
      script,
      [
        `import { startServerInWorker } from ${JSON.stringify(path.resolve('main/core/server/worker-server.ts'))};`,
        `const start = startServerInWorker(${JSON.stringify(workerFile)}, { logLevel: 'silent', reuseThread: true });`,
        `const server = await start(${JSON.stringify(await demoOptions('parked'))});`,
        'await server.close();',
        "process.stdout.write('closed');",
      ].join('\n'),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Ended by itself once the server closed; a thread holding it would keep it until this kill.
    const kill = setTimeout(() => child.kill('SIGKILL'), 90_000);
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
      child.once('exit', (exitCode, exitSignal) => done([exitCode, exitSignal])),
    );
    clearTimeout(kill);
    expect(output).toBe('closed');
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  }, 120_000);
});
