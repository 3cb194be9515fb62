/** The server-suite helper itself: what it opens, in which order, and how it names a misuse. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roles } from '../../../server/db/schema';
import { testDatabases } from '../../support/databases';
import { call, createClock } from '../../support/server';
import { useServerSuite } from '../../support/suite';

const START = Date.parse('2026-07-01T00:00:00.000Z');

describe.each(testDatabases)('useServerSuite on $name', (target) => {
  const seededAt: number[] = [];
  const suite = useServerSuite(target, {
    clock: createClock(START),
    tenants: true,
    app: { version: '9.9.9-suite' },
    seed: async (database, clock) => {
      seededAt.push(clock.now());
      await database.db.insert(roles).values({ id: 'suite_seed', name: 'Seeded by the suite' });
    },
  });
  // Read while the suite is collected, before any beforeAll has run.
  const early = (() => {
    try {
      return suite.database;
    } catch (error) {
      return error as Error;
    }
  })();

  it('seeds the migrated database with its clock, builds the app with its config, creates the fixture', async () => {
    expect(seededAt).toEqual([START]);
    expect(await suite.database.db.select().from(roles).where(eq(roles.id, 'suite_seed'))).toHaveLength(1);
    const health = await call(suite.app, { method: 'GET', url: '/auth/test' });
    expect(health.body.data).toMatchObject({ version: '9.9.9-suite', time: new Date(START).toISOString() });
    expect(suite.f.orgA).toEqual(expect.any(String));
    expect(suite.f.a.owner.token).toEqual(expect.any(String));
  });

  it('names a use before beforeAll instead of answering undefined', () => {
    expect(early).toEqual(new Error('useServerSuite: no database (not asked for, or used before beforeAll)'));
  });
});

describe.each(testDatabases)('useServerSuite without an app on $name', (target) => {
  const suite = useServerSuite(target, { app: false });

  it('opens the database only, and says so when the app is asked for', async () => {
    expect(await suite.database.db.select().from(roles).where(eq(roles.id, 'super_admin'))).toHaveLength(1);
    expect(() => suite.app).toThrow('useServerSuite: no app (not asked for, or used before beforeAll)');
    expect(suite.f).toEqual({});
  });
});
