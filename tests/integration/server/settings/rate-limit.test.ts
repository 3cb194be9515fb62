import { randomBytes } from 'node:crypto';
/**
 * Rate limiting and max requests per minute (settings, Performance): per signed-in user and per address
 * for anonymous callers, shared by the instances of one database, 429 with Retry-After and the spec's
 * kind of message (never a 5xx), a new allowance each minute, nothing counted while it is off.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SettingsDocument } from '../../../../shared/api';
import { formatError } from '../../../../shared/errors';
import { SETTINGS_TEXTS } from '../../../../shared/settings';
import { rateLimitCounters } from '../../../../server/db/schema';
import { SharedRateCounter } from '../../../../server/settings/rate-limit';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('rate limiting on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  const others: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of others) await app.close();
  });

  async function performance(rateLimitEnabled: boolean, maxRequestsPerMinute = 60) {
    const token = await tokenFor(suite.database, clock, f.platformAdmin.id);
    const doc = (await call(suite.app, { method: 'GET', url: '/settings', headers: bearer(token) })).body
      .data as SettingsDocument;
    const saved = await call(suite.app, {
      method: 'PUT',
      url: '/settings',
      headers: bearer(token),
      payload: {
        settings: {
          ...doc.settings,
          performance: { ...doc.settings.performance, rateLimitEnabled, maxRequestsPerMinute },
        },
        version: doc.version,
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }
  const health = (token: string, app = suite.app) =>
    call(app, { method: 'GET', url: '/system/health-summary', headers: bearer(token) });
  async function burst(n: number, token: string, app = suite.app) {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await health(token, app)).status);
    return statuses;
  }
  const freshToken = async () =>
    tokenFor(suite.database, clock, (await insertUser(suite.database, 'app_owner')).id);

  it('counts nothing while off', async () => {
    const token = await freshToken();
    expect(new Set(await burst(70, token))).toEqual(new Set([200]));
  });

  it('refuses the request past the maximum with 429, Retry-After and a clear message, per user', async () => {
    await performance(true, 60);
    const token = await freshToken();
    expect(new Set(await burst(60, token))).toEqual(new Set([200]));
    const refused = await health(token);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('60');
    expect(refused.body.error).toBe(formatError(SETTINGS_TEXTS.rateLimited, { max: 60, seconds: 60 }));
    // Another user has an allowance of their own.
    expect((await health(await freshToken())).status).toBe(200);
    // The next minute brings a new allowance.
    clock.advance(60_000);
    expect((await health(token)).status).toBe(200);
  });

  it('counts anonymous callers by address, bad tokens included', async () => {
    await performance(true, 60);
    const attempt = (address: string) =>
      call(suite.app, {
        method: 'GET',
        url: '/system/health-summary',
        headers: bearer('forged'),
        remoteAddress: address,
      });
    for (let i = 0; i < 60; i++) expect((await attempt('203.0.113.5')).status).toBe(401);
    const refused = await attempt('203.0.113.5');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toEqual(expect.any(String));
    expect((await attempt('203.0.113.6')).status).toBe(401);
  });

  it('counts forged opc_ keys by address: random keys get no bucket of their own (issue 25)', async () => {
    await performance(true, 60);
    const attempt = () =>
      call(suite.app, {
        method: 'GET',
        url: '/system/health-summary',
        // A new, well-formed-looking key each time: before, each got a fresh bucket and a counter row.
        headers: bearer(`opc_${randomBytes(24).toString('base64url')}`),
        remoteAddress: '203.0.113.7',
      });
    for (let i = 0; i < 60; i++) expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
  });

  it('is shared by the instances of one database', async () => {
    await performance(true, 60);
    const second = await buildTestApp(suite.database, clock);
    others.push(second);
    const token = await freshToken();
    const userId = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
    expect(new Set(await burst(40, token))).toEqual(new Set([200]));
    // The first instance shares its counts within its sync interval.
    await expect
      .poll(async () => {
        const [row] = await suite.database.db
          .select()
          .from(rateLimitCounters)
          .where(eq(rateLimitCounters.key, `user:${userId}`));
        return row?.count;
      })
      .toBe(40);
    // The second instance learns the total at its first sync: at most one sync interval of extra requests.
    const statuses = await burst(20, token, second);
    expect(statuses.every((s) => s === 200)).toBe(true);
    await expect.poll(async () => (await health(token, second)).status).toBe(429);
    // And the first at its next sync.
    await expect.poll(async () => (await health(token)).status).toBe(429);
    // Turned off, on the other instance as soon as its NOTIFY arrives.
    await performance(false);
    await expect.poll(async () => (await health(token, second)).status).toBe(200);
  });

  describe('the shared counter', () => {
    const key = (name: string) => `test:${name}:${randomBytes(4).toString('hex')}`;

    it('counts a batch on its way to the database: a request meanwhile sees it', async () => {
      const errors: unknown[] = [];
      const counter = new SharedRateCounter(suite.database.db, clock.now, (error) => errors.push(error));
      const k = key('sending');
      for (let i = 1; i <= 60; i++) expect(counter.incr(k).current).toBe(i);
      const syncing = counter.sync();
      // The 60 are out, their total not back: the 61st is still the 61st (it was the 1st, and let through).
      expect(counter.incr(k).current).toBe(61);
      await syncing;
      expect(counter.incr(k).current).toBe(62);
      await counter.close();
      const [row] = await suite.database.db
        .select()
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, k));
      expect(row?.count).toBe(62);
      expect(errors).toEqual([]);
    });

    it('keeps its own counts when the database refuses them, and says so', async () => {
      const errors: unknown[] = [];
      // A database that answers nothing any more.
      const gone = await target.open();
      await gone.close();
      const counter = new SharedRateCounter(gone.db, clock.now, (error) => errors.push(error));
      const k = key('refused');
      for (let i = 0; i < 5; i++) counter.incr(k);
      const syncing = counter.sync();
      expect(counter.incr(k).current).toBe(6);
      await syncing;
      expect(counter.incr(k).current).toBe(7);
      expect(errors).toHaveLength(1);
    });
  });
});
