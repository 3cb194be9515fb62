import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge/contract';
import { handle } from '../../../main/core/bridge/handle';
import { readConfig } from '../../../main/core/config';
import { EMBEDDED_SERVER_FAILED, startConsoleCore } from '../../../main/core/console-core';
import { createMemoryLogger } from '../../../main/core/logger';
import type { StartServer } from '../../../main/core/server/embedded';
import { memoryKeyValue, openFileKeyEncryptor } from '../../../main/core/store';
import { makeTempDir } from '../../unit/main/temp-dir';
import { DEMO_PASSWORD, startTestServer } from './real-server';

// The console opens before its embedded server listens: what needs no server answers at once,
// what needs it waits, and a server that cannot start is a clear failure of each call.
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function makeCore(startServer: StartServer) {
  const temp = makeTempDir();
  const logger = createMemoryLogger();
  const core = await startConsoleCore({
    host: 'browser',
    version: '1.0.0',
    config: readConfig({}),
    kv: memoryKeyValue(),
    encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
    dataDir: temp.dir,
    logger,
    startServer,
  });
  cleanups.push(temp.remove, () => core.close());
  const call = (channel: string, input?: unknown): Promise<BridgeResult<unknown>> =>
    handle({ handlers: core.handlers, logger, isTrustedSender: () => true }, channel, input, null);
  return { core, call, logger };
}

function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('the embedded server starting in the background', () => {
  it('answers the session check at once and signs in once the server listens', async () => {
    const { open, opened } = gate();
    let started = false;
    const { call, core } = await makeCore(async () => {
      await opened;
      const server = await startTestServer();
      started = true;
      return server;
    });
    expect(await call('auth:session')).toEqual({ ok: true, value: { status: 'unauthenticated' } });
    expect(started).toBe(false);
    const login = call('auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
    open();
    expect(await login).toMatchObject({
      ok: true,
      value: { status: 'signedIn', user: { email: 'admin@demo.example' } },
    });
    expect((await core.appInfo()).gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('answers every call that needs the server with a clear failure when it cannot start, and logs why', async () => {
    const { call, core, logger } = await makeCore(async () => {
      throw new Error('port exhausted');
    });
    await expect(core.server).rejects.toThrow('port exhausted');
    expect(await call('auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: EMBEDDED_SERVER_FAILED },
    });
    expect(await call('auth:session')).toEqual({ ok: true, value: { status: 'unauthenticated' } });
    expect(logger.lines.some((l) => l.includes('The embedded server did not start'))).toBe(true);
    await expect(core.close()).resolves.toBeUndefined();
  });
});
