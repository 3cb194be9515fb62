/**
 * The demo's intraday series at any hour (issue 29): a demo seeded at the start of its build day, as the
 * build's snapshot is, and first started days later at 00:30, 09:00 or 22:00 (a fake clock) charts every
 * bucket of every range up to that minute — API Performance 1 h, 6 h, 24 h and 7 days, System Health's
 * 24 hours — and User Analytics has sessions today; nothing it seeded or filled lies after now.
 */
import { count, eq, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPerformance, SystemHealth } from '../../../../shared/api/monitoring';
import type { UserAnalytics } from '../../../../shared/api/usage';
import { API_RANGE_VALUES } from '../../../../shared/monitoring';
import type { Database } from '../../../../server/db/client';
import { migrateDatabase } from '../../../../server/db/migrate';
import {
  demoAnchor,
  processSamples,
  requestRollups,
  serverInstances,
  serviceProbes,
  usageEvents,
} from '../../../../server/db/schema';
import { bucketOf } from '../../../../server/monitoring/histogram';
import {
  purgeSignals,
  rolledUpTo,
  startOfHour,
  type SignalsPurge,
} from '../../../../server/monitoring/rollup';
import { purgeUsage } from '../../../../server/usage/jobs';
import { fillDemoDay } from '../../../../server/seed/anchor';
import { seedDemo } from '../../../../server/seed/demo';
import { DEMO_USERS } from '../../../../server/seed/demo-users';
import { insertDemoSignals } from '../../../../server/seed/signals';
import { insertDemoUsage } from '../../../../server/seed/usage';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, createClock, tokenFor } from '../../../support/server';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const OWN_INSTANCE = 'this-server';

/** A minute this server recorded itself (its own instance), in the first start's hour. */
const ownMinute = (now: number): typeof requestRollups.$inferInsert => ({
  resolution: 'minute',
  periodStart: new Date(now - (now % MINUTE) - MINUTE * Math.min(5, Math.floor((now % HOUR) / MINUTE))),
  instanceId: OWN_INSTANCE,
  route: '/auth/verify',
  method: 'POST',
  requests: 7,
  errors: 0,
  durationSumMs: 70,
  satisfied: 7,
  tolerating: 0,
  latencyBuckets: [bucketOf(10)],
  latencyCounts: [7],
});
const BUILD = Date.parse('2026-03-02T00:00:00.000Z');
/** A Tuesday just after midnight, a Wednesday morning, a Saturday night. */
const FIRST_STARTS = ['2026-03-10T00:30:00.000Z', '2026-03-11T09:00:00.000Z', '2026-03-14T22:00:00.000Z'];

const cases = testDatabases.flatMap((target) =>
  FIRST_STARTS.map((at) => ({ target, at, name: target.name })),
);

describe.each(cases)('a demo first started at $at on $name', ({ target, at }) => {
  const now = Date.parse(at);
  const clock = createClock(now);
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  let unmoved: typeof demoAnchor.$inferSelect | undefined;
  let moved: typeof demoAnchor.$inferSelect | undefined;
  let halfway: typeof demoAnchor.$inferSelect | undefined;
  let firstRun = 0;
  let secondRun = 0;
  let stepsBeforeRequest = 0;
  let purgedEarly: { signals: SignalsPurge; usage: Awaited<ReturnType<typeof purgeUsage>> } | undefined;
  let rollupsKept = false;
  const get = async <T>(url: string) => {
    const answer = await call(app, { method: 'GET', url, headers: bearer(token) });
    expect(answer.status).toBe(200);
    return answer.body.data as T;
  };

  beforeAll(async () => {
    database = await target.open();
    // What the build's snapshot holds of these series: seeded at the start of the build day, not anchored.
    await seedDemo(database, { tenants: false });
    await insertDemoSignals(database.db, BUILD);
    await insertDemoUsage(database.db, BUILD);
    await database.db.insert(demoAnchor).values({ seededAt: new Date(BUILD), anchoredAt: null });
    // The first start: the move, then (once the server answers) the series' move and the fill, an hour
    // per transaction. This one is cut short after its first hour, as a stop would, and the next start
    // goes on. What the server recorded before (its own minute) is neither moved nor overwritten.
    await migrateDatabase(database, { now });
    [unmoved] = await database.db.select().from(demoAnchor);
    // Retention that runs before the series moved leaves them alone (they still carry the build's dates).
    const [minutesBefore] = await database.db.select({ n: count() }).from(requestRollups);
    purgedEarly = {
      signals: await purgeSignals(database.db, now),
      usage: await purgeUsage(database.db, now),
    };
    const [minutesAfter] = await database.db.select({ n: count() }).from(requestRollups);
    rollupsKept = minutesAfter?.n === minutesBefore?.n;
    await database.db.insert(requestRollups).values(ownMinute(now));
    let steps = 0;
    await fillDemoDay(database.db, () => steps++ >= 1);
    [moved] = await database.db.select().from(demoAnchor);
    firstRun = await fillDemoDay(database.db, () => steps++ >= 3);
    [halfway] = await database.db.select().from(demoAnchor);
    // What a request arriving now would get: its turn once the event loop runs again.
    let asked = 0;
    const rest = fillDemoDay(database.db, () => {
      asked++;
      return false;
    });
    stepsBeforeRequest = await new Promise<number>((resolve) => setImmediate(() => resolve(asked)));
    secondRun = await rest;
    app = await buildTestApp(database, clock);
    const admin = DEMO_USERS.find((u) => u.email === 'admin@demo.example')!;
    token = await tokenFor(database, clock, admin.id);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it.each(API_RANGE_VALUES)('API Performance %s has requests in every point up to now', async (range) => {
    const answer = await get<ApiPerformance>(`/monitoring/api-performance?range=${range}`);
    const empty = answer.trend.filter((p) => p.requests === 0).map((p) => p.time);
    expect(empty).toEqual([]);
    expect(Date.parse(answer.trend.at(-1)!.time)).toBeLessThanOrEqual(now);
    expect(answer.trend.every((p) => p.p95 !== null)).toBe(true);
  });

  it('fills after the move, an hour at a time; a fill cut short goes on where it stopped', async () => {
    const day = now - (now % DAY);
    expect(unmoved).toMatchObject({ anchoredAt: new Date(now), filledTo: null });
    expect(moved).toMatchObject({ anchoredAt: new Date(now), filledTo: new Date(day) });
    expect(firstRun).toBe(1);
    expect(halfway?.filledTo).toEqual(new Date(Math.min(day + HOUR - MINUTE, now - (now % MINUTE))));
    expect(firstRun + secondRun).toBe(Math.floor((now - day) / HOUR) + 1);
    const [done] = await database.db.select().from(demoAnchor);
    expect(done?.filledTo).toEqual(new Date(now - (now % MINUTE)));
    expect(await fillDemoDay(database.db)).toBe(0);
  });

  it('defers retention until the series moved: it would count them weeks older than they are', async () => {
    expect(purgedEarly).toEqual({
      signals: { partitions: {}, deleted: { examples: 0, instances: 0 }, deferred: true },
      usage: 'deferred',
    });
    expect(rollupsKept).toBe(true);
    // Once they moved, retention runs again.
    expect((await purgeSignals(database.db, now)).deferred).toBeUndefined();
    expect(await purgeUsage(database.db, now)).not.toBe('deferred');
  });

  it('gives way to the event loop between hours: a request read meanwhile waits for one hour at most', () => {
    // On PGlite a step's statements resolve as microtasks: without the fill's yield, every step ran first
    // (10 and 23 of them at 09:00 and 22:00).
    expect(stepsBeforeRequest).toBeLessThanOrEqual(2);
  });

  it('keeps what this server recorded before the fill reached its hour', async () => {
    const own = await database.db
      .select({ requests: requestRollups.requests })
      .from(requestRollups)
      .where(eq(requestRollups.instanceId, OWN_INSTANCE));
    expect(own).toEqual([{ requests: 7 }]);
  });

  it("System Health's 24 hours have samples and traffic in every hour up to now", async () => {
    const answer = await get<SystemHealth>('/monitoring/system-health');
    expect(answer.performance.filter((p) => p.cpu === null || p.memory === null)).toEqual([]);
    expect(answer.traffic.filter((p) => p.requests === 0)).toEqual([]);
    expect(Date.parse(answer.performance.at(-1)!.time)).toBe(startOfHour(now));
    expect(answer.kpis.averageResponseMs).not.toBeNull();
  });

  it('User Analytics has sessions, users and page views today', async () => {
    const answer = await get<UserAnalytics>('/analytics/usage?range=7d');
    const today = answer.trend.at(-1)!;
    expect(today.date).toBe(at.slice(0, 10));
    expect(today.sessions).toBeGreaterThan(0);
    expect(today.users).toBeGreaterThan(0);
    expect(today.pageViews).toBeGreaterThan(0);
  });

  it('ends every series at the minute of the first start, hours rolled up to its hour, nothing later', async () => {
    const { db } = database;
    const [rollup] = await db.select({ last: max(requestRollups.periodStart) }).from(requestRollups);
    const [sample] = await db.select({ last: max(processSamples.sampledAt) }).from(processSamples);
    const [probe] = await db.select({ last: max(serviceProbes.checkedAt) }).from(serviceProbes);
    const [usage] = await db.select({ last: max(usageEvents.occurredAt) }).from(usageEvents);
    const [seen] = await db.select({ last: max(serverInstances.lastSeenAt) }).from(serverInstances);
    expect(rollup?.last?.getTime()).toBe(now - (now % MINUTE));
    expect(sample?.last?.getTime()).toBe(now - (now % MINUTE));
    expect(probe?.last?.getTime()).toBeGreaterThan(now - 5 * MINUTE);
    expect(probe?.last?.getTime()).toBeLessThanOrEqual(now);
    expect(usage?.last?.getTime()).toBeLessThanOrEqual(now);
    expect(seen?.last?.getTime()).toBeLessThanOrEqual(now);
    expect(await rolledUpTo(db)).toBe(startOfHour(now));
    // Each hour row holds exactly its minutes (the job's own roll-up), so no range counts twice.
    const mismatched = await db.execute(sql`
      select h.period_start from request_rollups h
      join (select date_trunc('hour', period_start at time zone 'UTC') at time zone 'UTC' as hour,
              instance_id, route, method, sum(requests)::int as requests
            from request_rollups where resolution = 'minute' group by 1, 2, 3, 4) m
        on m.hour = h.period_start and m.instance_id = h.instance_id and m.route = h.route and m.method = h.method
      where h.resolution = 'hour' and h.requests <> m.requests`);
    expect((mismatched as unknown as { rows: unknown[] }).rows).toEqual([]);
  });
});
