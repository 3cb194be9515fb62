import { build } from 'esbuild';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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

describe('the embedded server in a worker thread', () => {
  it('listens, serves the demo sign-in, and closes its thread', async () => {
    const start = startServerInWorker(workerFile, { logLevel: 'silent' });
    // Passed through to server/start.ts as they are; the migrations folder is named because the
    // bundle does not sit two levels below the repository root here.
    const options = {
      host: '127.0.0.1',
      port: 0,
      dataDir: path.join(work, 'db'),
      seedDemo: true,
      // The run's demo snapshot, as the app's first start loads the build's (seeding it here would take
      // ~20 s of PGlite, more than a minute on a loaded machine).
      demoSnapshotFile: await demoSnapshotFile(),
      migrationsFolder,
      logDir: path.join(work, 'logs'),
    };
    const server = await start(options);
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
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
    const options = {
      host: '127.0.0.1',
      port: 0,
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
      migrationsFolder,
    };
    await expect(start(options)).rejects.toThrow(/ECONNREFUSED|connect/);
  });
});
