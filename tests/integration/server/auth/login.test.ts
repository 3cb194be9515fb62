import { describe, expect, it } from 'vitest';
import type { LoginData } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { systemRole } from '../../../../shared/permissions';
import { seedDemo } from '../../../../server/seed/demo';
import { DEMO_PASSWORD } from '../../../../server/seed/demo-users';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, insertUser, login } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('POST /auth/login on $name', (target) => {
  const suite = useServerSuite(target, { seed: (database) => seedDemo(database, { tenants: false }) });
  const { clock } = suite;

  it('signs in (email in any case) and answers a token that verifies', async () => {
    const { status, body } = await login(suite.app, '  ADMIN@demo.example ', DEMO_PASSWORD);
    expect(status).toBe(200);
    const data = body.data as LoginData;
    expect(data).toMatchObject({ email: 'admin@demo.example', name: 'Avery Admin', role: 'super_admin' });
    expect([...data.permissions].sort()).toEqual([...(systemRole('super_admin')?.permissions ?? [])].sort());

    const verified = await call(suite.app, {
      method: 'POST',
      url: '/auth/verify',
      headers: bearer(data.token),
    });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, data: { ...data, token: undefined } });
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const wrongPassword = await login(suite.app, 'owner@demo.example', 'not-the-password', '10.9.0.1');
    const unknownEmail = await login(suite.app, 'nobody@demo.example', 'not-the-password', '10.9.0.1');
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(wrongPassword.status);
    expect(unknownEmail.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body).toEqual({ success: false, error: ERRORS.invalidCredentials });
  });

  it('blocks an (email, IP) after 5 failures with 429 and Retry-After, not the same email elsewhere', async () => {
    const attacker = '10.1.0.1';
    for (let i = 0; i < 5; i++) {
      expect((await login(suite.app, 'owner@demo.example', `guess-${i}`, attacker)).status).toBe(401);
    }
    const blocked = await login(suite.app, 'owner@demo.example', DEMO_PASSWORD, attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toBe('30');
    expect(blocked.body).toEqual({
      success: false,
      error: formatError(ERRORS.tooManyAttempts, { seconds: 30 }),
    });

    // The real owner, on another address, is not locked out by the attacker.
    expect((await login(suite.app, 'owner@demo.example', DEMO_PASSWORD, '10.1.0.2')).status).toBe(200);

    // The block ends; the next failure doubles it.
    clock.advance(30_000);
    expect((await login(suite.app, 'owner@demo.example', 'guess-again', attacker)).status).toBe(401);
    const longer = await login(suite.app, 'owner@demo.example', DEMO_PASSWORD, attacker);
    expect(longer.status).toBe(429);
    expect(longer.headers['retry-after']).toBe('60');

    // After it, a success clears the count: one more mistake is an ordinary 401 again.
    clock.advance(60_000);
    expect((await login(suite.app, 'owner@demo.example', DEMO_PASSWORD, attacker)).status).toBe(200);
    expect((await login(suite.app, 'owner@demo.example', 'typo', attacker)).status).toBe(401);
  });

  it('blocks an address that fails across many emails, at the per-IP limit', async () => {
    const strict = await buildTestApp(suite.database, clock, { throttle: { maxFailuresPerIp: 3 } });
    try {
      const sprayer = '10.2.0.1';
      for (const email of ['a@x.example', 'b@x.example', 'c@x.example']) {
        expect((await login(strict, email, 'spray', sprayer)).status).toBe(401);
      }
      expect((await login(strict, 'admin@demo.example', DEMO_PASSWORD, sprayer)).status).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it.each(['teacher', 'parent', 'staff'])('refuses the %s role: no console access', async (role) => {
    const { status, body } = await login(suite.app, `${role}@demo.example`, DEMO_PASSWORD, '10.3.0.1');
    expect(status).toBe(403);
    expect(body).toEqual({ success: false, error: ERRORS.noConsoleAccess });
  });

  it('refuses a disabled account, but only to whoever knows its password', async () => {
    const user = await insertUser(suite.database, 'app_owner', { status: 'inactive' });
    const right = await login(suite.app, user.email, user.password, '10.4.0.1');
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ success: false, error: ERRORS.accountDisabled });
    const wrong = await login(suite.app, user.email, 'wrong-password', '10.4.0.1');
    expect(wrong.body).toEqual({ success: false, error: ERRORS.invalidCredentials });
  });

  it('rejects a malformed body with 400 naming the field', async () => {
    const { status, body } = await call(suite.app, {
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'a@b.example' },
    });
    expect(status).toBe(400);
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/^Invalid input: password: /);
  });
});
