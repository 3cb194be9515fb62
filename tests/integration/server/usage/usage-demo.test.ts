/**
 * The demo's console usage (issue 11): 30 days for the users who can open the console, in working hours,
 * quieter at weekends, each session with its heartbeats; User Analytics opens on it with every panel filled.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UserAnalytics } from '../../../../shared/api/usage';
import { usageEvents, users } from '../../../../server/db/schema';
import { DEMO_USAGE_DAYS, insertDemoUsage } from '../../../../server/seed/usage';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const DAY_MS = 86_400_000;

describe.each(testDatabases)('demo console usage on $name', (target) => {
  const suite = useServerSuite(target, {
    seed: async (database, clock) => {
      for (const role of ['super_admin', 'app_owner', 'center_admin', 'center_admin', 'teacher'] as const) {
        await insertUser(database, role);
      }
      await insertDemoUsage(database.db, clock.now());
    },
  });

  it('covers 30 days up to now, for console users only, in working hours', async () => {
    const result = await suite.database.db.execute(sql`select
        min(e.occurred_at) as first, max(e.occurred_at) as last,
        count(distinct e.user_id)::int as users,
        count(*) filter (where u.role not in ('super_admin', 'app_owner', 'center_admin'))::int as others,
        count(*) filter (where e.kind = 'session_start'
          and extract(hour from e.occurred_at at time zone 'UTC') not between 8 and 17)::int as off_hours,
        count(*) filter (where e.kind = 'heartbeat')::int as heartbeats
      from usage_events e join users u on u.id = e.user_id`);
    const [row] = (
      result as unknown as {
        rows: {
          first: string | Date;
          last: string | Date;
          users: number;
          others: number;
          off_hours: number;
          heartbeats: number;
        }[];
      }
    ).rows;
    const now = suite.clock.now();
    expect(new Date(row!.first).getTime()).toBeGreaterThanOrEqual(now - DEMO_USAGE_DAYS * DAY_MS);
    expect(new Date(row!.last).getTime()).toBeLessThanOrEqual(now);
    expect(row).toMatchObject({ users: 4, others: 0, off_hours: 0 });
    expect(row!.heartbeats).toBeGreaterThan(100);
  });

  it('opens User Analytics with every panel filled, weekends quieter', async () => {
    // One of the seeded users: a new one would change the usage the next test seeds again.
    const [admin] = await suite.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'super_admin'));
    const answer = await call(suite.app, {
      method: 'GET',
      url: '/analytics/usage?range=30d',
      headers: bearer(await tokenFor(suite.database, suite.clock, admin!.id)),
    });
    const data = answer.body.data as UserAnalytics;
    expect(data.kpis.uniqueUsers).toBe(4);
    expect(data.kpis.totalSessions).toBeGreaterThan(40);
    expect(data.kpis.avgSessionDuration).toBeGreaterThan(60);
    expect(data.devices.length).toBeGreaterThan(0);
    expect(data.features.some((f) => f.users > 0)).toBe(true);
    const perDay = (weekend: boolean) => {
      const days = data.trend.filter((d) => [0, 6].includes(new Date(d.date).getUTCDay()) === weekend);
      return days.reduce((sum, d) => sum + d.sessions, 0) / days.length;
    };
    expect(perDay(true)).toBeLessThan(perDay(false) / 2);
  });

  it('is the same usage for the same day', async () => {
    const count = async () =>
      (await suite.database.db.select({ n: sql<number>`count(*)::int` }).from(usageEvents))[0]!.n;
    const before = await count();
    await suite.database.db.delete(usageEvents);
    await insertDemoUsage(suite.database.db, suite.clock.now());
    expect(await count()).toBe(before);
  });
});
