/**
 * Issue 25 (4): the token signing secret kept in the database is sealed like the other secrets, so a dump
 * or a backup signs nothing; one stored in clear by an earlier version is sealed in place, and the tokens it
 * signed stay valid.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../../../../shared/constants';
import { buildApp } from '../../../../server/app';
import { createTokenService } from '../../../../server/auth/tokens';
import { serverSecrets } from '../../../../server/db/schema';
import { createLogger } from '../../../../server/logger';
import { isSealed } from '../../../../server/security/secret-box';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, insertUser } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('the token signing secret at rest on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const stored = async () =>
    (
      await suite.database.db.select().from(serverSecrets).where(eq(serverSecrets.key, 'jwt_signing_secret'))
    )[0]?.value;

  it('a secret stored in clear is sealed at the next start, and the tokens it signed still verify', async () => {
    const clear = randomBytes(64).toString('base64');
    await suite.database.db.insert(serverSecrets).values({ key: 'jwt_signing_secret', value: clear });
    const user = await insertUser(suite.database, 'app_owner');
    const old = createTokenService({
      secret: Buffer.from(clear, 'base64'),
      lifetimeMinutes: DEFAULT_SESSION_TIMEOUT_MINUTES,
      now: suite.clock.now,
    });
    const { token } = await old.issue(user.id);

    const app = await buildTestApp(suite.database, suite.clock);
    try {
      const sealed = await stored();
      expect(sealed && isSealed(sealed)).toBe(true);
      expect(sealed).not.toContain(clear.slice(0, 16));
      expect((await call(app, { method: 'POST', url: '/auth/verify', headers: bearer(token) })).status).toBe(
        200,
      );
    } finally {
      await app.close();
    }
    // Sealed, it opens again at the next start: the same tokens still verify.
    const again = await buildTestApp(suite.database, suite.clock);
    try {
      expect(
        (await call(again, { method: 'POST', url: '/auth/verify', headers: bearer(token) })).status,
      ).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('a server holding another secret key refuses to start, saying which key it needs', async () => {
    await expect(
      buildApp({
        database: suite.database,
        logger: createLogger({ level: 'silent' }),
        secretKey: Buffer.alloc(32, 9),
        config: { now: suite.clock.now },
      }),
    ).rejects.toThrow(/does not open with this server's secret key.*CONSOLE_SECRET_KEY/);
  });
});
