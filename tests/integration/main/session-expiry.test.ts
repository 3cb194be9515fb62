import { describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../shared/api/exports';
import { ERRORS } from '../../../shared/errors';
import { createAlertFeed } from '../../../main/core/alerts/feed';
import { createAlertRelay } from '../../../main/core/alerts/relay';
import { createBridgeEventBus, type BridgeEventMessage } from '../../../main/core/bridge/events';
import { AuthRequiredError } from '../../../main/core/clients/errors';
import { createMemoryLogger } from '../../../main/core/logger';
import { openExportDownload } from '../../../main/core/save/export-download';
import { memoryKeyValue } from '../../../main/core/store';
import { coreAgainstTestServer } from './core-against-server';
import { fakeTokens } from './fake-server';

/**
 * Part 1 §4, one rule written once (main/core/clients/session-expiry.ts): a 401 on a call that carried
 * the token clears it and signs the user out. Proven against the real server with a token it revoked,
 * from each of the four places that call it: Client B, Client A, the export download, the alert relay.
 */
const suite = coreAgainstTestServer();
const expiredEvent = { event: 'auth:expired', payload: { message: ERRORS.authRequired } };
const authRequired = { code: 'AUTH_REQUIRED', message: ERRORS.authRequired, status: 401 };

/** Signs in, then has the server revoke the token while the console still holds it. */
async function revokedSession(): Promise<{ token: string; pushed: BridgeEventMessage[] }> {
  await suite.signIn('admin@demo.example');
  const token = suite.core.store.getToken()!;
  expect((await suite.core.gateway.logout()).success).toBe(true);
  expect(suite.core.store.getToken()).toBe(token);
  const pushed: BridgeEventMessage[] = [];
  suite.core.events.subscribe((message) => pushed.push(message));
  return { token, pushed };
}

describe('a 401 on a call that carried the token ends the session', () => {
  it('Client B (a forwarded gateway channel): AUTH_REQUIRED with 401, token cleared, auth:expired', async () => {
    const { pushed } = await revokedSession();
    expect(await suite.call('roles.listRoles')).toEqual({ ok: false, error: authRequired });
    expect(suite.core.store.getToken()).toBeNull();
    expect(pushed).toContainEqual(expiredEvent);
  });

  it('Client A (a forwarded organization channel): the same', async () => {
    const { pushed } = await revokedSession();
    expect(await suite.call('organizations.list')).toEqual({ ok: false, error: authRequired });
    expect(suite.core.store.getToken()).toBeNull();
    expect(pushed).toContainEqual(expiredEvent);
  });

  it('the export download: the same, and nothing is streamed', async () => {
    await suite.signIn('admin@demo.example');
    const job = await suite.value<ExportJob>('exports.createExport', {
      body: { type: 'users', format: 'csv' },
    });
    const token = suite.core.store.getToken()!;
    await suite.core.gateway.logout();
    const tokens = fakeTokens(token);
    const expired: string[] = [];
    await expect(
      openExportDownload(
        { baseUrl: suite.server.url, tokens, onUnauthorized: (message) => expired.push(message) },
        job.downloadUrl!,
      ),
    ).rejects.toThrow(new AuthRequiredError());
    expect(tokens.state.token).toBeNull();
    expect(expired).toEqual([ERRORS.authRequired]);
  });

  it('the alert relay: the same, and it stops listening', async () => {
    await suite.signIn('admin@demo.example');
    const token = suite.core.store.getToken()!;
    await suite.core.gateway.logout();
    const logger = createMemoryLogger();
    const tokens = fakeTokens(token);
    const expired: string[] = [];
    const relay = createAlertRelay({
      baseUrl: suite.server.url,
      tokens,
      feed: createAlertFeed({
        events: createBridgeEventBus(logger),
        notifier: { notify: () => {} },
        tray: { setAlertCount: () => {} },
        kv: memoryKeyValue(),
        logger,
      }),
      logger,
      onUnauthorized: (message) => expired.push(message),
      retryFirstMs: 10,
    });
    try {
      relay.sync();
      await expect.poll(() => expired, { timeout: 10_000 }).toEqual([ERRORS.authRequired]);
      expect(tokens.state.token).toBeNull();
      await expect.poll(() => relay.active).toBe(false);
    } finally {
      relay.stop();
    }
  });

  it('a 401 without a token (a wrong password on sign-in) is an ordinary failure', async () => {
    const result = await suite.call('auth:login', {
      email: 'admin@demo.example',
      password: 'wrong-password',
    });
    expect(result).toMatchObject({ ok: false, error: { message: ERRORS.invalidCredentials } });
    expect(suite.core.store.getToken()).toBeNull();
  });
});
