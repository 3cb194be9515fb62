/**
 * Issue 25 (8, 9): behind a proxy, throttles and the audit trail see the client's address only through
 * proxies TRUST_PROXY names; every server refuses a Host it does not serve (DNS rebinding).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginThrottle } from '../../../../server/db/schema';
import { SERVER_TEXTS } from '../../../../server/http/errors';
import { testDatabases } from '../../../support/databases';
import { buildTestApp, call } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('the server edge on $name', (target) => {
  const suite = useServerSuite(target, { app: false });

  const failedSignIn = (app: Awaited<ReturnType<typeof buildTestApp>>, forwardedFor: string) =>
    call(app, {
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'nobody@edge.example', password: 'wrong' },
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': forwardedFor },
    });
  const counted = async (ip: string) =>
    (
      await suite.database.db
        .select()
        .from(loginThrottle)
        .where(eq(loginThrottle.key, `ip:${ip}`))
    ).length;

  it('counts a forwarded client only behind a trusted proxy', async () => {
    const direct = await buildTestApp(suite.database, suite.clock);
    const proxied = await buildTestApp(suite.database, suite.clock, { trustProxy: ['10.0.0.0/8'] });
    try {
      // Not trusted: the header is anybody's to write; the socket's address is counted.
      expect((await failedSignIn(direct, '203.0.113.1')).status).toBe(401);
      expect(await counted('203.0.113.1')).toBe(0);
      expect(await counted('10.0.0.5')).toBe(1);
      // Trusted: the proxy names its client.
      expect((await failedSignIn(proxied, '203.0.113.2')).status).toBe(401);
      expect(await counted('203.0.113.2')).toBe(1);
    } finally {
      await direct.close();
      await proxied.close();
    }
  });

  it('refuses a Host it does not serve with 421, and serves its own names', async () => {
    const app = await buildTestApp(suite.database, suite.clock, { allowedHosts: ['console.example.com'] });
    try {
      const rebound = await call(app, {
        method: 'GET',
        url: '/auth/test',
        headers: { host: 'attacker.example' },
      });
      expect(rebound.status).toBe(421);
      expect(rebound.body).toMatchObject({
        success: false,
        error: expect.stringContaining('attacker.example'),
      });
      expect(rebound.body.error).toBe(SERVER_TEXTS.hostRefused.replace('{host}', 'attacker.example'));
      for (const host of ['127.0.0.1:4000', 'localhost', '[::1]:4000', 'console.example.com']) {
        expect((await call(app, { method: 'GET', url: '/auth/test', headers: { host } })).status).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
