/**
 * Two-factor sign-in (issue 13) on each database: enrolment and its first code, the sign-in's second
 * step, replay, recovery codes, the throttle, requiring it in the settings, and an administrator's reset.
 */
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import type {
  LoginData,
  SettingsDocument,
  TwoFactorChallenge,
  TwoFactorSetup,
  TwoFactorStatus,
} from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_TEXTS } from '../../../../shared/two-factor';
import { twoFactorRecoveryCodes, userTwoFactor } from '../../../../server/db/schema';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, login, tokenFor, type TestUser } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { auditRows as unordered } from '../../../support/tenancy';

// Each sign-in derives a scrypt key (128 MiB): generous on a shared machine.
const SCRYPT_HEAVY = 240_000;
const STEP_MS = 30_000;
/** In chain order: the test clock stands still, so timestamps tie. */
const auditRows = async (database: Parameters<typeof unordered>[0]) =>
  (await unordered(database)).sort((a, b) => a.seq - b.seq);

describe.each(testDatabases)('two-factor sign-in (issue 13) on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  let address = 0;
  /** Each test signs in from its own address: the throttle's counts are per (email, address). */
  const nextAddress = () => `10.77.0.${++address}`;

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
    remoteAddress = '127.0.0.1',
  ) =>
    call(suite.app, {
      method,
      url,
      headers: token ? bearer(token) : {},
      remoteAddress,
      ...(payload ? { payload } : {}),
    });
  const codeFor = (secret: string, at = clock.now()) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
  const tokenOf = (user: TestUser) => tokenFor(suite.database, clock, user.id);

  /** A user with a confirmed authenticator: its secret and recovery codes. The clock moves past the step used. */
  async function enrolledUser(role: 'super_admin' | 'center_admin' = 'center_admin') {
    const user = await insertUser(suite.database, role);
    const token = await tokenOf(user);
    const setup = await send('POST', '/account/two-factor/setup', token);
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const { secret } = setup.body.data as TwoFactorSetup;
    const confirmed = await send('POST', '/account/two-factor/confirm', token, { code: codeFor(secret) });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    clock.advance(STEP_MS);
    return {
      user,
      token,
      secret,
      recoveryCodes: (confirmed.body.data as { recoveryCodes: string[] }).recoveryCodes,
    };
  }
  const challengeOf = (response: Awaited<ReturnType<typeof login>>) => {
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const data = response.body.data as TwoFactorChallenge & Partial<LoginData>;
    expect(data.token).toBeUndefined();
    return data;
  };
  const verifyCode = (challenge: string, code: string, remoteAddress: string) =>
    send('POST', '/auth/two-factor/verify', null, { challenge, code }, remoteAddress);

  it('enrols: a QR code and the secret, confirmed by a first code; ten recovery codes kept only as hashes', async () => {
    const user = await insertUser(suite.database, 'center_admin');
    const token = await tokenOf(user);
    const before = await send('GET', '/account/two-factor', token);
    expect(before.body.data).toEqual({
      enrolled: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await send('POST', '/account/two-factor/setup', token);
    expect(setup.status).toBe(200);
    const data = setup.body.data as TwoFactorSetup;
    expect(data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.uri).toContain(`secret=${data.secret}`);
    expect(data.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(Buffer.from(data.qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toContain(
      '<svg',
    );
    // Pending until confirmed.
    expect((await send('GET', '/account/two-factor', token)).body.data).toMatchObject({ enrolled: false });

    const wrong = await send('POST', '/account/two-factor/confirm', token, {
      code: '000000' === codeFor(data.secret) ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe(TWO_FACTOR_TEXTS.invalidCode);

    const confirmed = await send('POST', '/account/two-factor/confirm', token, {
      code: codeFor(data.secret),
    });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = confirmed.body.data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
    const stored = await suite.database.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.userId, user.id));
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const row of stored) expect(recoveryCodes).not.toContain(row.codeHash);
    // The secret is stored sealed with the server's secret box, never as the text the user was shown.
    const [enrolment] = await suite.database.db
      .select({ secret: userTwoFactor.secret })
      .from(userTwoFactor)
      .where(eq(userTwoFactor.userId, user.id));
    expect(enrolment?.secret).toMatch(/^v1\./);
    expect(enrolment?.secret).not.toContain(data.secret);

    const status = (await send('GET', '/account/two-factor', token)).body.data as TwoFactorStatus;
    expect(status).toMatchObject({ enrolled: true, recoveryCodesLeft: RECOVERY_CODE_COUNT, required: false });
    // A confirmed authenticator is not replaced by a session: that takes an administrator's reset.
    const again = await send('POST', '/account/two-factor/setup', token);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(TWO_FACTOR_TEXTS.alreadyEnrolled);
    const records = (await auditRows(suite.database)).filter(
      (r) => r.resource === 'two_factor' && r.userId === user.id,
    );
    expect(records.map((r) => `${r.action}:${r.status}`)).toEqual([
      'CREATE:success',
      'UPDATE:failure',
      'UPDATE:success',
      'CREATE:failure',
    ]);
  });

  it(
    'asks an enrolled user for a code after the password; a wrong code and a replayed one are refused',
    async () => {
      const { user, secret } = await enrolledUser();
      const from = nextAddress();
      const first = challengeOf(await login(suite.app, user.email, user.password, from));
      expect(first.twoFactor).toBe('code');

      const wrong = await verifyCode(first.challenge, codeFor(secret, clock.now() - 10 * STEP_MS), from);
      expect(wrong.status).toBe(401);
      expect(wrong.body).toEqual({ success: false, error: TWO_FACTOR_TEXTS.invalidCode });

      const code = codeFor(secret);
      const signedIn = await verifyCode(first.challenge, code, from);
      expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
      const data = signedIn.body.data as LoginData;
      expect(data).toMatchObject({ userId: user.id, email: user.email });
      expect((await send('POST', '/auth/verify', data.token)).status).toBe(200);

      // The same code again, in the same step, on a new sign-in: refused.
      const second = challengeOf(await login(suite.app, user.email, user.password, from));
      expect((await verifyCode(second.challenge, code, from)).status).toBe(401);
      // A challenge is not a session token, and a session token is not a challenge.
      expect((await send('POST', '/auth/verify', second.challenge)).status).toBe(401);
      expect((await verifyCode(data.token, codeFor(secret, clock.now() + STEP_MS), from)).status).toBe(401);

      const logins = (await auditRows(suite.database)).filter(
        (r) => r.action === 'LOGIN' && r.userEmail === user.email,
      );
      expect(logins.map((r) => r.status)).toEqual(['failure', 'success', 'failure']);
    },
    SCRYPT_HEAVY,
  );

  it(
    'reads a secret stored in clear before secrets were sealed, and seals it on its first use',
    async () => {
      const user = await insertUser(suite.database, 'center_admin');
      const secret = new Secret({ size: 20 }).base32;
      await suite.database.db
        .insert(userTwoFactor)
        .values({ userId: user.id, secret, confirmedAt: new Date() });
      const from = nextAddress();
      const { challenge } = challengeOf(await login(suite.app, user.email, user.password, from));
      expect((await verifyCode(challenge, codeFor(secret), from)).status).toBe(200);
      const [row] = await suite.database.db
        .select({ secret: userTwoFactor.secret })
        .from(userTwoFactor)
        .where(eq(userTwoFactor.userId, user.id));
      expect(row?.secret).toMatch(/^v1\./);
      // Still the same authenticator, now read from the sealed value.
      clock.advance(STEP_MS);
      const again = challengeOf(await login(suite.app, user.email, user.password, from));
      expect((await verifyCode(again.challenge, codeFor(secret), from)).status).toBe(200);
    },
    SCRYPT_HEAVY,
  );

  it(
    'signs in in one call with the code in the login body (scripts), and not with a wrong one',
    async () => {
      const { user, secret } = await enrolledUser();
      const from = nextAddress();
      const wrong = await call(suite.app, {
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: user.password, code: '12345x' },
        remoteAddress: from,
      });
      expect(wrong.status).toBe(401);
      const right = await call(suite.app, {
        method: 'POST',
        url: '/auth/login',
        payload: { email: user.email, password: user.password, code: codeFor(secret) },
        remoteAddress: from,
      });
      expect(right.status).toBe(200);
      expect((right.body.data as LoginData).token).toBeTruthy();
    },
    SCRYPT_HEAVY,
  );

  it(
    'takes a recovery code instead of a code, each once',
    async () => {
      const { user, token, recoveryCodes } = await enrolledUser();
      const from = nextAddress();
      const recovery = recoveryCodes[3] ?? '';
      const first = challengeOf(await login(suite.app, user.email, user.password, from));
      // Typed in capitals with spaces: still the code.
      const used = await verifyCode(first.challenge, ` ${recovery.toUpperCase().replace('-', ' ')} `, from);
      expect(used.status, JSON.stringify(used.body)).toBe(200);
      expect((await send('GET', '/account/two-factor', token)).body.data).toMatchObject({
        recoveryCodesLeft: RECOVERY_CODE_COUNT - 1,
      });
      const second = challengeOf(await login(suite.app, user.email, user.password, from));
      expect((await verifyCode(second.challenge, recovery, from)).status).toBe(401);
      expect((await verifyCode(second.challenge, recoveryCodes[4] ?? '', from)).status).toBe(200);
    },
    SCRYPT_HEAVY,
  );

  it(
    'throttles wrong codes like wrong passwords: 429 with Retry-After, for the password step too',
    async () => {
      const { user, secret } = await enrolledUser();
      const from = nextAddress();
      const { challenge } = challengeOf(await login(suite.app, user.email, user.password, from));
      for (let i = 0; i < 5; i++) {
        expect((await verifyCode(challenge, `00000${i}`, from)).status).toBe(401);
      }
      const blocked = await verifyCode(challenge, codeFor(secret), from);
      expect(blocked.status).toBe(429);
      expect(blocked.headers['retry-after']).toBe('30');
      expect(blocked.body.error).toBe(formatError(ERRORS.tooManyAttempts, { seconds: 30 }));
      // A correct password does not clear the count, or each sign-in would buy five more guesses.
      expect((await login(suite.app, user.email, user.password, from)).status).toBe(429);
      clock.advance(STEP_MS);
      const again = challengeOf(await login(suite.app, user.email, user.password, from));
      expect((await verifyCode(again.challenge, codeFor(secret), from)).status).toBe(200);
    },
    SCRYPT_HEAVY,
  );

  it(
    'voids a challenge that expired, or whose user signed out everywhere since',
    async () => {
      const { user, token, secret } = await enrolledUser();
      const from = nextAddress();
      const stale = challengeOf(await login(suite.app, user.email, user.password, from));
      clock.advance(6 * 60_000);
      const expired = await verifyCode(stale.challenge, codeFor(secret), from);
      expect(expired.status).toBe(401);
      expect(expired.body.error).toBe(TWO_FACTOR_TEXTS.challengeExpired);

      const fresh = challengeOf(await login(suite.app, user.email, user.password, from));
      clock.advance(1);
      expect((await send('POST', '/auth/logout', token)).status).toBe(200);
      expect((await verifyCode(fresh.challenge, codeFor(secret), from)).body.error).toBe(
        TWO_FACTOR_TEXTS.challengeExpired,
      );
      // A code challenge does not open the enrolment step.
      const other = challengeOf(await login(suite.app, user.email, user.password, from));
      const setup = await send(
        'POST',
        '/auth/two-factor/enrolment',
        null,
        { challenge: other.challenge },
        from,
      );
      expect(setup.status).toBe(401);
    },
    SCRYPT_HEAVY,
  );

  it(
    'lets an administrator reset an enrolment: audited, the sessions end, the next sign-in needs no code',
    async () => {
      const { user, token } = await enrolledUser();
      clock.advance(1);
      const reset = await send('DELETE', `/users/${user.id}/two-factor`, f.platformAdmin.token);
      expect(reset.status, JSON.stringify(reset.body)).toBe(200);
      expect(reset.body.data).toEqual({ reset: true });
      expect((await send('POST', '/auth/verify', token)).status).toBe(401);
      expect(
        await suite.database.db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, user.id)),
      ).toEqual([]);
      const [record] = (await auditRows(suite.database)).filter(
        (r) => r.resource === 'two_factor' && r.action === 'DELETE',
      );
      expect(record).toMatchObject({
        status: 'success',
        severity: 'high',
        resourceId: user.id,
        userId: f.platformAdmin.id,
      });

      const again = await send('DELETE', `/users/${user.id}/two-factor`, f.platformAdmin.token);
      expect(again.status).toBe(409);
      expect(again.body.error).toBe(TWO_FACTOR_TEXTS.notEnrolled);
      expect((await send('DELETE', `/users/not-a-user/two-factor`, f.platformAdmin.token)).status).toBe(404);
      // users.manage only.
      expect((await send('DELETE', `/users/${user.id}/two-factor`, f.b.owner.token)).status).toBe(403);

      const signedIn = await login(suite.app, user.email, user.password, nextAddress());
      expect((signedIn.body.data as LoginData).token).toBeTruthy();
    },
    SCRYPT_HEAVY,
  );

  it(
    'requiring it: refused to an admin without it, then accepted; others must enrol before their next session',
    async () => {
      const readSettings = async (token: string) =>
        (await send('GET', '/settings', token)).body.data as SettingsDocument;
      const requireIt = async (token: string, on = true) => {
        const doc = await readSettings(token);
        return send('PUT', '/settings', token, {
          settings: { ...doc.settings, security: { ...doc.settings.security, twoFactorRequired: on } },
          version: doc.version,
        });
      };
      const refused = await requireIt(f.platformAdmin.token);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(TWO_FACTOR_TEXTS.enrolBeforeRequiring);

      const admin = await enrolledUser('super_admin');
      const other = await insertUser(suite.database, 'center_admin');
      const otherToken = await tokenOf(other);
      clock.advance(1);
      const accepted = await requireIt(admin.token);
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      expect((accepted.body.data as SettingsDocument).settings.security.twoFactorRequired).toBe(true);
      // The admin's session goes on; the unenrolled user's ends.
      expect((await send('POST', '/auth/verify', admin.token)).status).toBe(200);
      expect((await send('POST', '/auth/verify', otherToken)).status).toBe(401);
      const [settingsRecord] = (await auditRows(suite.database))
        .filter((r) => r.resource === 'settings' && r.status === 'success')
        .reverse();
      expect(settingsRecord?.details).toMatchObject({ signedOut: expect.any(Number) });

      try {
        const from = nextAddress();
        const step = challengeOf(await login(suite.app, other.email, other.password, from));
        expect(step.twoFactor).toBe('enrol');
        // Not a way around it: a code step is not what this challenge opens.
        expect((await verifyCode(step.challenge, '123456', from)).status).toBe(401);
        const setup = await send(
          'POST',
          '/auth/two-factor/enrolment',
          null,
          { challenge: step.challenge },
          from,
        );
        expect(setup.status, JSON.stringify(setup.body)).toBe(200);
        const { secret } = setup.body.data as TwoFactorSetup;
        const confirm = (code: string) =>
          send('POST', '/auth/two-factor/enrolment/confirm', null, { challenge: step.challenge, code }, from);
        const wrong = await confirm(codeFor(secret, clock.now() - 10 * STEP_MS));
        expect(wrong.status).toBe(401);
        expect(wrong.body.error).toBe(TWO_FACTOR_TEXTS.invalidCode);
        const done = await confirm(codeFor(secret));
        expect(done.status, JSON.stringify(done.body)).toBe(200);
        const data = done.body.data as LoginData & { recoveryCodes: string[] };
        expect(data.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
        expect((await send('POST', '/auth/verify', data.token)).status).toBe(200);
        // From now on, a code.
        clock.advance(STEP_MS);
        const next = challengeOf(await login(suite.app, other.email, other.password, from));
        expect(next.twoFactor).toBe('code');
        expect((await verifyCode(next.challenge, codeFor(secret), from)).status).toBe(200);
      } finally {
        expect((await requireIt(admin.token, false)).status).toBe(200);
      }
    },
    SCRYPT_HEAVY * 2,
  );
});
