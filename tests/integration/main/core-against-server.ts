import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { BridgeError, BridgeResult } from '../../../shared/bridge/contract';
import { handle } from '../../../main/core/bridge/handle';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore, type ConsoleCore } from '../../../main/core/console-core';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue, openFileKeyEncryptor } from '../../../main/core/store';
import type { RunningServer } from '../../../server/start';
import { makeTempDir } from '../../unit/main/temp-dir';
import { DEMO_PASSWORD, startTestServer } from './real-server';

export interface CoreAgainstServer {
  /** The real server (demo dataset) of the suite. */
  readonly server: RunningServer;
  /** A fresh console core for each test, pointed at that server. */
  readonly core: ConsoleCore;
  /** A bridge call as the renderer makes it: through handle(), with its zod checks. */
  call(channel: string, input?: unknown): Promise<BridgeResult<unknown>>;
  /** The call's value; throws with the channel's error text otherwise. */
  value<T>(channel: string, input?: unknown): Promise<T>;
  /** The call's error text; throws if it succeeded. */
  failure(channel: string, input?: unknown): Promise<string>;
  /** The call's whole error (text, code, status); throws if it succeeded. */
  refusal(channel: string, input?: unknown): Promise<BridgeError>;
  signIn(email: string): Promise<unknown>;
}

/**
 * Registers the hooks of a suite that drives main/core's bridge handlers against the real server on
 * loopback: one server for the file, a new core (memory store, own data directory) for each test.
 */
export function coreAgainstTestServer(): CoreAgainstServer {
  let server: RunningServer | undefined;
  let core: ConsoleCore | undefined;
  let temp: ReturnType<typeof makeTempDir> | undefined;
  const logger = createMemoryLogger();

  beforeAll(async () => {
    server = await startTestServer();
  }, 120_000);
  afterAll(async () => server?.close());

  beforeEach(async () => {
    temp = makeTempDir();
    core = await startConsoleCore({
      host: 'browser',
      version: '1.0.0',
      config: readConfig({ CONSOLE_GATEWAY_URL: running().url }),
      kv: memoryKeyValue(),
      encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
      dataDir: temp.dir,
      logger,
    });
  });
  afterEach(async () => {
    await core?.close();
    temp?.remove();
  });

  const running = () => {
    if (!server) throw new Error('the test server is not running');
    return server;
  };
  const current = () => {
    if (!core) throw new Error('no console core outside a test');
    return core;
  };
  const call = (channel: string, input?: unknown) =>
    handle({ handlers: current().handlers, logger, isTrustedSender: () => true }, channel, input, null);
  const value = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await call(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const refusal = async (channel: string, input?: unknown): Promise<BridgeError> => {
    const result = await call(channel, input);
    if (result.ok) throw new Error(`${channel} succeeded`);
    return result.error;
  };
  const failure = async (channel: string, input?: unknown): Promise<string> =>
    (await refusal(channel, input)).message;

  return {
    get server() {
      return running();
    },
    get core() {
      return current();
    },
    call,
    value,
    failure,
    refusal,
    signIn: (email) => value('auth:login', { email, password: DEMO_PASSWORD }),
  };
}
