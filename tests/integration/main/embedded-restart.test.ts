import { build } from 'esbuild';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BridgeResult, ServerStatus } from '../../../shared/bridge/contract';
import { handle } from '../../../main/core/bridge/handle';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore } from '../../../main/core/console-core';
import { createMemoryLogger } from '../../../main/core/logger';
import type { StartServer, StartServerOptions } from '../../../main/core/server/embedded';
import { startServerInWorker } from '../../../main/core/server/worker-server';
import { memoryKeyValue, openFileKeyEncryptor } from '../../../main/core/store';
import { demoSnapshotFile } from '../../support/demo-snapshot';
import { DEMO_PASSWORD } from './real-server';

// The embedded server as the hosts run it: the bundled server/worker.ts in a worker thread, started and
// supervised by main/core. Its thread is killed for real (a thread cannot be sent SIGKILL: terminate()
// stops it at once, none of its own clean-up runs, as in a crash).
let work: string;
let workerFile: string;
const migrationsFolder = path.resolve('server/db/migrations');

beforeAll(async () => {
  await mkdir('node_modules/.cache', { recursive: true });
  work = await mkdtemp(path.resolve('node_modules/.cache/console-restart-'));
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

describe('the embedded server in its worker thread, supervised by main', () => {
  it(
    'starts from the demo snapshot, answers only main, and is restarted when its thread dies; the next call succeeds',
    { timeout: 600_000 },
    async () => {
      const start = startServerInWorker(workerFile, { logLevel: 'silent' });
      // The bundle does not sit two levels below the repository root: its migrations folder is named.
      const startServer: StartServer = (options) =>
        start({ ...options, migrationsFolder } as StartServerOptions);
      const logger = createMemoryLogger();
      const dataDir = path.join(work, 'data');
      const core = await startConsoleCore({
        host: 'browser',
        version: '1.0.0',
        config: readConfig({}),
        kv: memoryKeyValue(),
        encryptor: openFileKeyEncryptor(path.join(work, 'token.key'), logger),
        dataDir,
        logger,
        startServer,
        demoSnapshotFile: await demoSnapshotFile(),
      });
      const statuses: ServerStatus[] = [];
      core.events.subscribe((message) => {
        if (message.event === 'app:serverStatus') statuses.push(message.payload as ServerStatus);
      });
      const call = (channel: string, input?: unknown): Promise<BridgeResult<unknown>> =>
        handle({ handlers: core.handlers, logger, isTrustedSender: () => true }, channel, input, null);
      try {
        // Answered at once, before the server listens.
        expect(await call('app:serverStatus')).toEqual({
          ok: true,
          value: { state: 'starting', restarts: 0 },
        });
        const first = await core.server;
        expect(core.serverStatus()).toEqual({ state: 'running', restarts: 0 });
        expect(logger.lines.join('\n')).toMatch(
          /Embedded server listening on .* \(extract demo snapshot \d+ ms/,
        );

        // Without the launch secret, the server refuses before any route work; main's calls carry it.
        const bare = await fetch(`${first?.url}/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
        });
        expect(bare.status).toBe(401);
        expect(
          await call('auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD }),
        ).toMatchObject({ ok: true, value: { status: 'signedIn' } });

        await first?.kill?.();
        await vi.waitFor(() => expect(core.serverStatus()).toEqual({ state: 'running', restarts: 1 }), {
          timeout: 300_000,
          interval: 100,
        });
        expect(statuses.map((s) => s.state)).toEqual(['running', 'restarting', 'running']);
        expect(logger.lines.join('\n')).toContain('The embedded server stopped unexpectedly; restarting it');
        const second = await core.currentServer();
        expect(second?.url).not.toBe(first?.url);
        // The same session, on the restarted server (same database, same signing secret).
        expect(await call('auth:session')).toMatchObject({
          ok: true,
          value: { status: 'authenticated', user: { email: 'admin@demo.example' } },
        });
        expect(await call('roles.listRoles')).toMatchObject({ ok: true });
      } finally {
        await core.close();
      }
    },
  );
});
