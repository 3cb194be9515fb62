import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOG_TEXT_MAX, type BridgeResult } from '../../../shared/bridge/contract';
import { handle } from '../../../main/core/bridge/handle';
import type { Handlers } from '../../../main/core/bridge/handlers';
import { createLogHandlers, RENDERER_ERROR_LIMIT } from '../../../main/core/bridge/log-handlers';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore, type ConsoleCore } from '../../../main/core/console-core';
import { attachLogFile, logDirOf } from '../../../main/core/log-file';
import { createMemoryLogger, createTeeLogger } from '../../../main/core/logger';
import { memoryKeyValue, openFileKeyEncryptor } from '../../../main/core/store';
import type { RunningServer } from '../../../server/start';
import { makeTempDir } from '../../unit/main/temp-dir';
import { DEMO_PASSWORD, startTestServer } from './real-server';

// main/core with its log file, against the real server: what reaches the file, and what never does.
let server: RunningServer;
let temp: ReturnType<typeof makeTempDir>;
let core: ConsoleCore;
let logger: ReturnType<typeof createTeeLogger>;
let logFile: { close(): Promise<void> };

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.close());

beforeEach(async () => {
  temp = makeTempDir('console-log-core-');
  logger = createTeeLogger(createMemoryLogger());
  logFile = await attachLogFile(logger, logDirOf(temp.dir));
  core = await startConsoleCore({
    host: 'browser',
    version: '1.0.0',
    config: readConfig({ CONSOLE_GATEWAY_URL: server.url }),
    kv: memoryKeyValue(),
    encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
    dataDir: temp.dir,
    logger,
  });
});
afterEach(async () => {
  await core.close();
  await logFile.close();
  temp.remove();
});

function call(
  channel: string,
  input?: unknown,
  handlers: Handlers = core.handlers,
): Promise<BridgeResult<unknown>> {
  return handle({ handlers, logger, isTrustedSender: () => true }, channel, input, null);
}

/** Every line of the log folder's main files, once the file is closed (flushed). */
async function logText(): Promise<string> {
  await logFile.close();
  const dir = logDirOf(temp.dir);
  return readdirSync(dir)
    .filter((name) => name.startsWith('main.'))
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('');
}

describe("main's log file", () => {
  it('is where app:info says, in the data folder', async () => {
    expect(await call('app:info')).toMatchObject({
      ok: true,
      value: { dataDir: temp.dir, logDir: path.join(temp.dir, 'logs') },
    });
  });

  it('records a sign-in and sign-out through core without ever writing the token', async () => {
    const login = await call('auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
    expect(login.ok).toBe(true);
    const token = core.store.getToken() ?? '';
    expect(token.length).toBeGreaterThan(20);
    // What a careless caller or a library's error text could carry: the Logger API strips it too.
    logger.error('The alert stream failed', new Error(`401 from /alerts/stream?token=${token}`));
    logger.warn(`Retrying with Authorization: Bearer ${token}`);
    expect(await call('auth:logout')).toEqual({ ok: true, value: null });

    const text = await logText();
    expect(text).toContain('Signed in as admin@demo.example');
    expect(text).toContain('The alert stream failed');
    expect(text).not.toContain(token);
    // Not even a part of it: the signature is the secret part of a JWT.
    expect(text).not.toContain(token.split('.')[2]);
    expect(text).not.toContain(DEMO_PASSWORD);
  });
});

describe("'log:error': the renderer's errors in main's log", () => {
  it('writes the error with its source and stack', async () => {
    const answer = await call('log:error', {
      source: 'window',
      message: 'TypeError: cannot read properties of undefined',
      stack: 'TypeError: cannot read properties of undefined\n    at Dashboard (index.js:1:2)',
    });
    expect(answer).toEqual({ ok: true, value: { logged: true } });
    const text = await logText();
    const line = text
      .trim()
      .split('\n')
      .map((entry) => JSON.parse(entry) as { level: number; msg: string })
      .find((entry) => entry.msg.startsWith('Renderer error'));
    expect(line).toMatchObject({
      level: 50,
      msg: 'Renderer error (window): TypeError: cannot read properties of undefined\nTypeError: cannot read properties of undefined\n    at Dashboard (index.js:1:2)',
    });
  });

  it('refuses a message or a stack over the size limit, and writes nothing of it', async () => {
    const big = 'x'.repeat(LOG_TEXT_MAX + 1);
    for (const input of [
      { source: 'logged', message: big },
      { source: 'logged', message: 'fine', stack: big },
    ]) {
      const answer = await call('log:error', input);
      expect(answer).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    }
    const atLimit = await call('log:error', { source: 'logged', message: 'y'.repeat(LOG_TEXT_MAX) });
    expect(atLimit).toEqual({ ok: true, value: { logged: true } });
    const text = await logText();
    expect(text).not.toContain('xxxxxxxxxx');
    expect(text).toContain('y'.repeat(LOG_TEXT_MAX));
  });

  it('takes at most the limit a minute; the rest are dropped, and counted once the flood is over', async () => {
    let answers: BridgeResult<unknown>[] = [];
    for (let i = 0; i < RENDERER_ERROR_LIMIT.count + 5; i += 1) {
      answers.push(await call('log:error', { source: 'window', message: `loop ${i}` }));
    }
    const logged = (list: BridgeResult<unknown>[]) =>
      list.map((answer) => (answer.ok ? (answer.value as { logged: boolean }).logged : 'refused'));
    expect(logged(answers)).toEqual([
      ...Array<boolean>(RENDERER_ERROR_LIMIT.count).fill(true),
      ...Array<boolean>(5).fill(false),
    ]);

    // The window passes (a clock of our own): the next error is taken, and the drop is said.
    let now = 0;
    const handlers = {
      ...core.handlers,
      ...createLogHandlers({ logger, limit: { count: 2, windowMs: 1000 }, now: () => now }),
    };
    answers = [];
    for (let i = 0; i < 4; i += 1) {
      answers.push(
        await call('log:error', { source: 'unhandledrejection', message: `again ${i}` }, handlers),
      );
    }
    now = 1000;
    answers.push(await call('log:error', { source: 'screen', message: 'after the flood' }, handlers));
    expect(logged(answers)).toEqual([true, true, false, false, true]);

    const text = await logText();
    expect(text).toContain(`loop ${RENDERER_ERROR_LIMIT.count - 1}`);
    expect(text).not.toContain(`loop ${RENDERER_ERROR_LIMIT.count}"`);
    expect(text).not.toContain('again 2');
    expect(text).toContain('2 renderer errors were not logged (more than 2 in 1 s)');
    expect(text).toContain('Renderer error (screen): after the flood');
  });
});
