import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { LoginData } from '../../../../shared/api';
import { TOKEN_AUDIENCE, TOKEN_ISSUER, DEFAULT_SESSION_TIMEOUT_MINUTES } from '../../../../shared/constants';
import { ERRORS } from '../../../../shared/errors';
import { SERVER_TEXTS } from '../../../../server/http/errors';
import { testDatabases } from '../../../support/databases';
import {
  bearer,
  buildTestApp,
  call,
  createClock,
  insertUser,
  login,
  setUserStatus,
  tokenFor,
} from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('sessions on $name', (target) => {
  const suite = useServerSuite(target);
  const { clock } = suite;
  const verify = (headers: Record<string, string> = {}) =>
    call(suite.app, { method: 'POST', url: '/auth/verify', headers });
  const logout = (token: string) =>
    call(suite.app, { method: 'POST', url: '/auth/logout', headers: bearer(token) });
  const unauthorized = (error: string) => ({ status: 401, body: { success: false, error } });

  it('answers the session user for a valid token, even with an empty JSON body', async () => {
    const user = await insertUser(suite.database, 'app_owner');
    const token = await tokenFor(suite.database, clock, user.id);
    const { status, body } = await call(suite.app, {
      method: 'POST',
      url: '/auth/verify',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '',
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ userId: user.id, email: user.email, role: 'app_owner' });
  });

  it('refuses a missing, garbage or foreign token with "Authentication required"', async () => {
    const foreign = await new SignJWT({ iat_ms: clock.now() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('00000000-0000-4000-8000-000000000001')
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(clock.now() / 1000))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-of-at-least-32-chars'));
    for (const headers of [
      {},
      { authorization: 'Bearer not.a.token' },
      { authorization: 'Basic abc' },
      bearer(foreign),
    ]) {
      expect(await verify(headers)).toMatchObject(unauthorized(ERRORS.authRequired));
    }
  });

  it('refuses an expired token with the session-expired text', async () => {
    const user = await insertUser(suite.database, 'app_owner');
    const token = await tokenFor(suite.database, clock, user.id);
    const expiring = createClock(clock.now() + DEFAULT_SESSION_TIMEOUT_MINUTES * 60_000);
    const later = await buildTestApp(suite.database, expiring);
    try {
      const response = await call(later, { method: 'POST', url: '/auth/verify', headers: bearer(token) });
      expect(response).toMatchObject(unauthorized(ERRORS.sessionExpired));
    } finally {
      await later.close();
    }
  });

  it('refuses the token of an account disabled since', async () => {
    const user = await insertUser(suite.database, 'app_owner');
    const token = await tokenFor(suite.database, clock, user.id);
    await setUserStatus(suite.database, user.id, 'inactive');
    expect(await verify(bearer(token))).toMatchObject(unauthorized(ERRORS.accountDisabled));
  });

  it('logout revokes earlier tokens; a sign-in in the same millisecond still works', async () => {
    const user = await insertUser(suite.database, 'app_owner');
    const first = await tokenFor(suite.database, clock, user.id);
    clock.advance(1);
    const second = await tokenFor(suite.database, clock, user.id);
    clock.advance(1);

    expect(await logout(second)).toMatchObject({
      status: 200,
      body: { success: true, data: { revoked: true } },
    });
    expect(await verify(bearer(first))).toMatchObject(unauthorized(ERRORS.sessionExpired));
    expect(await verify(bearer(second))).toMatchObject(unauthorized(ERRORS.sessionExpired));

    // The clock has not moved since the logout.
    const again = await login(suite.app, user.email, user.password);
    expect(again.status).toBe(200);
    expect((await verify(bearer((again.body.data as LoginData).token))).status).toBe(200);
  });

  it('a password change checks the current one, revokes earlier tokens and answers a working new one', async () => {
    const user = await insertUser(suite.database, 'app_owner');
    const old = await tokenFor(suite.database, clock, user.id);
    clock.advance(1);
    const change = (currentPassword: string, newPassword: string) =>
      call(suite.app, {
        method: 'POST',
        url: '/auth/password',
        headers: bearer(old),
        payload: { currentPassword, newPassword },
      });

    const weak = await change(user.password, 'short');
    expect(weak.status).toBe(400);
    expect(weak.body.error).toMatch(/^Invalid input: newPassword: Password must be at least 8 characters/);

    const wrong = await change('not-my-password', 'A-new-Password-2026');
    expect(wrong).toMatchObject({
      status: 400,
      body: { success: false, error: SERVER_TEXTS.wrongCurrentPassword },
    });

    const changed = await change(user.password, 'A-new-Password-2026');
    expect(changed.status).toBe(200);
    const fresh = changed.body.data as LoginData;
    expect(fresh).toMatchObject({ userId: user.id, email: user.email });
    expect((await verify(bearer(fresh.token))).status).toBe(200);
    expect(await verify(bearer(old))).toMatchObject(unauthorized(ERRORS.sessionExpired));

    expect((await login(suite.app, user.email, 'A-new-Password-2026')).status).toBe(200);
    expect((await login(suite.app, user.email, user.password)).status).toBe(401);
  });
});
