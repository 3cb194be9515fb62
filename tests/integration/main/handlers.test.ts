import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BridgeResult } from '../../../shared/bridge/contract';
import { ERRORS } from '../../../shared/errors';
import { TWO_FACTOR_TEXTS } from '../../../shared/two-factor';
import { handle } from '../../../main/core/bridge/handle';
import type { BridgeEventMessage } from '../../../main/core/bridge/events';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore, type ConsoleCore } from '../../../main/core/console-core';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue, openFileKeyEncryptor } from '../../../main/core/store';
import type { RunningServer } from '../../../server/start';
import { makeTempDir } from '../../unit/main/temp-dir';
import { closedPortUrl } from './fake-server';
import { DEMO_PASSWORD, startTestServer } from './real-server';

let server: RunningServer;
let temp: ReturnType<typeof makeTempDir>;
let core: ConsoleCore;
let logger: ReturnType<typeof createMemoryLogger>;
let pushed: BridgeEventMessage[];

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.close());

async function makeCore(gatewayUrl: string): Promise<ConsoleCore> {
  logger = createMemoryLogger();
  const made = await startConsoleCore({
    host: 'browser',
    version: '9.9.9',
    config: readConfig({ CONSOLE_GATEWAY_URL: gatewayUrl }),
    kv: memoryKeyValue(),
    encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
    dataDir: temp.dir,
    logger,
  });
  pushed = [];
  made.events.subscribe((message) => pushed.push(message));
  return made;
}

beforeEach(async () => {
  temp = makeTempDir();
  core = await makeCore(server.url);
});
afterEach(async () => {
  await core.close();
  temp.remove();
});

/** A renderer call, through the same dispatcher the hosts use, from a trusted sender. */
function call(channel: string, input?: unknown): Promise<BridgeResult<unknown>> {
  return handle({ handlers: core.handlers, logger, isTrustedSender: () => true }, channel, input, null);
}
const admin = { email: 'admin@demo.example', password: DEMO_PASSWORD };

describe('bridge handlers through the dispatcher', () => {
  it('app:info describes the host and the clients', async () => {
    expect(await call('app:info')).toEqual({
      ok: true,
      value: {
        host: 'browser',
        version: '9.9.9',
        gatewayUrl: server.url,
        organizationApiUrl: server.url,
        embeddedServer: false,
        demo: false,
        dataDir: temp.dir,
        logDir: `${temp.dir}/logs`,
      },
    });
  });

  it('auth:session without a token is unauthenticated, without asking the server', async () => {
    expect(await call('auth:session')).toEqual({ ok: true, value: { status: 'unauthenticated' } });
  });

  it('auth:login stores the token and answers the user without it; auth:session then verifies', async () => {
    const login = await call('auth:login', admin);
    expect(login).toMatchObject({
      ok: true,
      value: { status: 'signedIn', user: { email: admin.email, role: 'super_admin', name: 'Avery Admin' } },
    });
    expect(login.ok && (login.value as { user: object }).user).not.toHaveProperty('token');
    expect(JSON.stringify(login)).not.toContain(core.store.getToken() ?? 'no token stored');
    expect(core.store.getToken()).toEqual(expect.any(String));
    const session = await call('auth:session');
    expect(session).toMatchObject({
      ok: true,
      value: { status: 'authenticated', user: { email: admin.email } },
    });
    expect(JSON.stringify(session)).not.toContain(core.store.getToken() ?? '');
  });

  it("auth:login failures answer the server's text", async () => {
    expect(await call('auth:login', { ...admin, password: 'wrong-Password-1' })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: ERRORS.invalidCredentials },
    });
    expect(await call('auth:login', { email: 'teacher@demo.example', password: DEMO_PASSWORD })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: ERRORS.noConsoleAccess },
    });
    expect(core.store.getToken()).toBeNull();
  });

  it('auth:login with malformed input never reaches the server', async () => {
    const result = await call('auth:login', { email: '', password: 42 });
    expect(result).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    expect(!result.ok && result.error.message).toMatch(/^Invalid input: email: .+; password: /);
  });

  it('auth:logout revokes the token on the server and clears it locally', async () => {
    await call('auth:login', admin);
    const token = core.store.getToken();
    expect(await call('auth:logout')).toEqual({ ok: true, value: null });
    expect(core.store.getToken()).toBeNull();
    expect(await call('auth:session')).toEqual({ ok: true, value: { status: 'unauthenticated' } });
    // The old token is dead on the server too.
    core.store.setToken(token ?? '');
    expect(await call('auth:session')).toEqual({
      ok: true,
      value: { status: 'unauthenticated', reason: ERRORS.authRequired },
    });
  });

  it('a rejected stored token: unauthenticated with the reason, token cleared, auth:expired pushed', async () => {
    core.store.setToken('not-a-token');
    expect(await call('auth:session')).toEqual({
      ok: true,
      value: { status: 'unauthenticated', reason: ERRORS.authRequired },
    });
    expect(core.store.getToken()).toBeNull();
    expect(pushed).toEqual([{ event: 'auth:expired', payload: { message: ERRORS.authRequired } }]);
  });

  it('auth:logout never fails, even with the server gone', async () => {
    await core.close();
    core = await makeCore(await closedPortUrl());
    core.store.setToken('some-token');
    expect(await call('auth:logout')).toEqual({ ok: true, value: null });
    expect(core.store.getToken()).toBeNull();
    expect(logger.lines.join('\n')).toMatch(/Sign-out on the server failed: Network error occurred/);
  });

  it('auth:session with the server gone: unauthenticated, token cleared (part 1 §8)', async () => {
    await core.close();
    core = await makeCore(await closedPortUrl());
    core.store.setToken('some-token');
    expect(await call('auth:session')).toEqual({
      ok: true,
      value: { status: 'unauthenticated', reason: ERRORS.networkError },
    });
    expect(core.store.getToken()).toBeNull();
  });

  it('settings:theme and settings:setTheme store the theme and push settings:themeChanged', async () => {
    expect(await call('settings:theme')).toEqual({ ok: true, value: 'auto' });
    expect(await call('settings:setTheme', { theme: 'dark' })).toEqual({ ok: true, value: 'dark' });
    expect(await call('settings:theme')).toEqual({ ok: true, value: 'dark' });
    expect(pushed).toEqual([{ event: 'settings:themeChanged', payload: { theme: 'dark' } }]);
    expect(await call('settings:setTheme', { theme: 'sepia' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID' },
    });
  });

  it('never logs the token', async () => {
    await call('auth:login', admin);
    const token = core.store.getToken() ?? '';
    await call('auth:session');
    await call('auth:logout');
    expect(token.length).toBeGreaterThan(20);
    expect(logger.lines.join('\n')).not.toContain(token);
  });

  it('two-factor: the challenge stays in main; the code step signs in, a code without a sign-in is refused', async () => {
    const director = { email: 'director@demo.example', password: DEMO_PASSWORD };
    expect(await call('auth:twoFactorCode', { code: '123456' })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: TWO_FACTOR_TEXTS.challengeExpired },
    });
    await call('auth:login', director);
    const setup = await call('account.setupTwoFactor');
    if (!setup.ok) throw new Error(setup.error.message);
    const { secret } = setup.value as { secret: string };
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    expect(await call('account.confirmTwoFactor', { body: { code: totp.generate() } })).toMatchObject({
      ok: true,
    });
    await call('auth:logout');

    const step = await call('auth:login', director);
    // Nothing but the step: the challenge is half a credential and never reaches the page.
    expect(step).toEqual({ ok: true, value: { status: 'twoFactor', step: 'code' } });
    expect(core.store.getToken()).toBeNull();
    const next = totp.generate({ timestamp: Date.now() + 30_000 });
    const signedIn = await call('auth:twoFactorCode', { code: next });
    expect(signedIn).toMatchObject({ ok: true, value: { email: director.email } });
    expect(core.store.getToken()).toEqual(expect.any(String));
    await call('auth:logout');
  });

  it('auth:changePassword keeps this console signed in with the new token and ends the other sessions', async () => {
    const owner = { email: 'owner@demo.example', password: DEMO_PASSWORD };
    const next = 'a-New-Passphrase-2026!';
    expect(await call('auth:login', owner)).toMatchObject({ ok: true });
    const before = core.store.getToken();

    expect(
      await call('auth:changePassword', { currentPassword: 'wrong-Password-1', newPassword: next }),
    ).toMatchObject({ ok: false, error: { message: 'The current password is incorrect' } });
    // A mistyped current password does not end this session.
    expect(core.store.getToken()).toBe(before);

    const changed = await call('auth:changePassword', { currentPassword: owner.password, newPassword: next });
    expect(changed).toMatchObject({ ok: true, value: { email: owner.email } });
    expect(JSON.stringify(changed)).not.toContain(core.store.getToken() ?? 'no token');
    expect(core.store.getToken()).not.toBe(before);
    expect(await call('auth:session')).toMatchObject({ ok: true, value: { status: 'authenticated' } });

    // The token of before (another session of the account) no longer works; the new password does.
    const current = core.store.getToken() ?? '';
    core.store.setToken(before ?? '');
    expect(await call('auth:session')).toMatchObject({ ok: true, value: { status: 'unauthenticated' } });
    core.store.setToken(current);
    await call('auth:logout');
    expect(await call('auth:login', owner)).toMatchObject({ ok: false });
    expect(await call('auth:login', { ...owner, password: next })).toMatchObject({ ok: true });
    // Put back for the other tests of the file, which share the server.
    expect(
      await call('auth:changePassword', { currentPassword: next, newPassword: owner.password }),
    ).toMatchObject({ ok: true });
    await call('auth:logout');
  });
});
