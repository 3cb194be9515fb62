/**
 * The demo holds on the day it is opened: a demo seeded on build day and first started a year later (a fake
 * "today") moves every date by whole days, keeps the business summaries equal to their rows, keeps the
 * audit chain valid, and opens on the spec's picture ($1,870 of $2,200, 85 %, 72/100).
 */
import { getTableConfig } from 'drizzle-orm/pg-core';
import { eq, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BudgetStatus, OptimizationScore } from '../../../../shared/api/business';
import type { Database } from '../../../../server/db/client';
import { migrateDatabase } from '../../../../server/db/migrate';
import {
  acquisitionSpend,
  attendance,
  auditLogs,
  children,
  cloudCosts,
  demoAnchor,
  organizations,
  schema,
  subscriptionEvents,
} from '../../../../server/db/schema';
import { rows } from '../../../../server/db/results';
import { DAY_MS, isoDay, monthStart, startOfUtcDay } from '../../../../server/business/formulas';
import { anchorDemo, DEMO_SHIFTS, demoMove, fillDemoDay, NOT_SHIFTED } from '../../../../server/seed/anchor';
import { seedAuditTrail } from '../../../../server/seed/audit';
import { seedDemo } from '../../../../server/seed/demo';
import { DEMO_USERS } from '../../../../server/seed/demo-users';
import { ATTENDANCE_DAYS, insertDemoAttendance } from '../../../../server/seed/tenancy';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, createClock, tokenFor } from '../../../support/server';

/** Build day, and a first start a year (and a few hours of the day) later. */
const BUILD = Date.parse('2026-03-02T00:00:00.000Z');
const FIRST_START = Date.parse('2027-03-09T07:41:05.123Z');

describe('the list of shifted dates', () => {
  it('names every date and timestamp column of the schema, or says why its table is left alone', () => {
    const inSchema = Object.values(schema).flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns
        .filter((c) => c.getSQLType() === 'date' || c.getSQLType().startsWith('timestamp'))
        .map((c) => `${config.name}.${c.name}`);
    });
    const listed = DEMO_SHIFTS.flatMap((shift) => {
      const name = getTableConfig(shift.table).name;
      return [...shift.days, ...(shift.months ?? [])].map((c) => `${name}.${c.name}`);
    });
    const leftAlone = inSchema.filter((column) => column.split('.')[0]! in NOT_SHIFTED);
    expect([...listed, ...leftAlone].sort()).toEqual([...inSchema].sort());
    // A table is listed once, so that it is moved in one statement.
    const tables = DEMO_SHIFTS.map((s) => getTableConfig(s.table).name);
    expect(new Set(tables).size).toBe(tables.length);
  });

  it('moves by whole UTC days and calendar months, whatever the time of day', () => {
    expect(demoMove(BUILD, FIRST_START)).toEqual({ days: 372, months: 12 });
    expect(demoMove(BUILD + 23 * 3_600_000, BUILD + 24 * 3_600_000)).toEqual({ days: 1, months: 0 });
    expect(demoMove(Date.parse('2026-01-31T12:00:00Z'), Date.parse('2026-02-01T01:00:00Z'))).toEqual({
      days: 1,
      months: 1,
    });
  });
});

/** The business summaries, and the same sums rebuilt from the rows (migration 0007's own rebuild). */
const SUMMARIES = sql`select
  (select coalesce(json_agg(d order by d.day), '[]') from business_days d
    where d.mrr_added_cents <> 0 or d.mrr_removed_cents <> 0 or d.customer_delta <> 0 or d.new_customers <> 0
       or d.customers_lost <> 0 or d.trials_converted <> 0 or d.trials_ended <> 0) as days,
  (select json_agg(m order by m.organization_id) from organization_mrr m) as mrr,
  (select json_agg(p order by p.plan) from business_plans p) as plans,
  (select json_agg(a order by a.plan, a.add_on_id) from business_plan_add_ons a) as add_ons`;

describe.each(testDatabases)('a demo first started a year after its build on $name', (target) => {
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const clock = createClock(FIRST_START);
  const get = <T>(url: string) =>
    call(app, { method: 'GET', url, headers: bearer(token) }).then((r) => r.body.data as T);

  beforeAll(async () => {
    database = await target.open();
    // The build: seeded at the start of its day, waiting for the first start, its audit records unsealed.
    await seedDemo(database, { now: BUILD, anchored: false });
    // The first start.
    await migrateDatabase(database, { now: clock.now() });
    await fillDemoDay(database.db);
    app = await buildTestApp(database, clock);
    const admin = DEMO_USERS.find((u) => u.email === 'admin@demo.example')!;
    token = await tokenFor(database, clock, admin.id);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("opens on the spec's picture: $1,870 of the $2,200 budget, 85 %, optimization score 72/100", async () => {
    const [budget] = await get<BudgetStatus[]>('/cost/budgets');
    expect(budget).toMatchObject({ monthlyLimit: 2200, spent: 1870, usedPercent: 85 });
    expect((await get<OptimizationScore>('/cost/score?period=30d')).score).toBe(72);
  });

  it('moved every date by the same whole days, once, and nothing it seeded lies after today', async () => {
    const [anchor] = await database.db.select().from(demoAnchor);
    expect(anchor).toEqual({
      id: true,
      seededAt: new Date(BUILD),
      anchoredAt: new Date(FIRST_START),
      filledTo: new Date(FIRST_START - (FIRST_START % 60_000)),
    });
    const [cost] = await database.db.select({ last: max(cloudCosts.date) }).from(cloudCosts);
    expect(cost?.last).toBe(isoDay(startOfUtcDay(FIRST_START) - DAY_MS));
    const [audit] = await database.db.select({ last: max(auditLogs.timestamp) }).from(auditLogs);
    expect(audit?.last?.getTime()).toBeLessThanOrEqual(FIRST_START);
    expect(audit?.last?.getTime()).toBeGreaterThan(FIRST_START - DAY_MS);
    const [event] = await database.db
      .select({ last: max(subscriptionEvents.occurredAt) })
      .from(subscriptionEvents);
    expect(event?.last?.getTime()).toBeLessThanOrEqual(FIRST_START);
    // This month and the twelve before it keep their spend, each on its first day.
    const months = await database.db.select({ month: acquisitionSpend.month }).from(acquisitionSpend);
    expect(months.map((m) => m.month).sort()).toEqual(
      Array.from({ length: 13 }, (_, i) => isoDay(monthStart(FIRST_START, i - 12))),
    );
    // A second start moves nothing.
    expect(await anchorDemo(database.db, FIRST_START + 40 * DAY_MS)).toBeNull();
  });

  it('keeps the days of the week: attendance on weekdays only, fewer console sessions at weekends', async () => {
    // 372 days: not whole weeks. Both moved by 371 days, and the model made the day that left out.
    expect(demoMove(BUILD, FIRST_START).days % 7).not.toBe(0);
    const today = startOfUtcDay(FIRST_START);
    const attended = await rows<{ day: string; dow: number }>(
      database.db,
      sql`select distinct date::text as day, extract(isodow from date)::int as dow from attendance order by 1`,
    );
    expect(attended.filter((d) => d.dow >= 6)).toEqual([]);
    // Every weekday of the five weeks before today, and none after.
    const weekdays = Array.from({ length: 35 }, (_, i) => today - (35 - i) * DAY_MS).filter(
      (day) => new Date(day).getUTCDay() % 6 !== 0,
    );
    expect(attended.map((d) => d.day)).toEqual(weekdays.map(isoDay));
    const sessions = await rows<{ weekend: boolean; perDay: number }>(
      database.db,
      sql`select extract(isodow from occurred_at at time zone 'UTC') >= 6 as weekend,
                 count(*)::float / count(distinct (occurred_at at time zone 'UTC')::date) as "perDay"
          from usage_events
          where kind = 'session_start' and occurred_at >= ${new Date(today - 28 * DAY_MS)}
            and occurred_at < ${new Date(today)}
          group by 1`,
    );
    const perDay = (weekend: boolean) => sessions.find((s) => s.weekend === weekend)?.perDay ?? 0;
    expect(perDay(false)).toBeGreaterThan(0);
    expect(perDay(true)).toBeLessThan(perDay(false) / 2);
  });

  it('keeps the business summaries equal to their rows', async () => {
    const [kept] = await rows(database.db, SUMMARIES);
    await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select business_summaries_rebuild()`);
        const [rebuilt] = await rows(tx, SUMMARIES);
        expect(rebuilt).toEqual(kept);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || !/rollback/i.test(error.message)) throw error;
      });
  });

  it('leaves a sealed audit chain that verifies, and appends to it', async () => {
    const unsealed = await database.db.select().from(auditLogs).where(eq(auditLogs.hash, ''));
    expect(unsealed).toEqual([]);
    const verify = await call(app, { method: 'GET', url: '/audit-logs/verify', headers: bearer(token) });
    expect(verify.status).toBe(200);
    expect(verify.body.data).toMatchObject({ valid: true, checked: 1_500 });
    await call(app, { method: 'POST', url: '/auth/logout', headers: bearer(token) });
    const again = await call(app, {
      method: 'GET',
      url: '/audit-logs/verify',
      headers: bearer(await tokenFor(database, clock, DEMO_USERS[0]!.id)),
    });
    expect(again.body.data).toMatchObject({ valid: true, checked: 1_501 });
  });
});

describe.each(testDatabases)('a pending anchor on $name', (target) => {
  let database: Database;
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('never rewrites a sealed audit record: the move is refused whole and stays pending', async () => {
    const at = new Date(BUILD - 3_600_000);
    await seedAuditTrail(database.db, { count: 2, start: at, stepMs: 1_000 });
    await database.db.insert(demoAnchor).values({ seededAt: new Date(BUILD), anchoredAt: null });
    await expect(anchorDemo(database.db, FIRST_START)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: expect.stringMatching(/append-only/) }),
    });
    const [anchor] = await database.db.select().from(demoAnchor);
    expect(anchor?.anchoredAt).toBeNull();
    const records = await database.db.select().from(auditLogs);
    expect(records.map((r) => r.timestamp.getTime())).toEqual([at.getTime(), at.getTime() + 1_000]);
  });
});

describe.each(testDatabases)('weekday attendance at a first start on $name', (target) => {
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((d) => d.close()));
  });

  /** A center with ten children and the demo's attendance model, seeded at BUILD, waiting for its first start. */
  const seeded = async () => {
    const database = await target.open();
    opened.push(database);
    const [org] = await database.db
      .insert(organizations)
      .values({ name: 'Weekly Center', slug: 'weekly-center' })
      .returning();
    await database.db.insert(children).values(
      Array.from({ length: 10 }, (_, i) => ({
        organizationId: org!.id,
        firstName: `Child ${i}`,
        lastName: 'Weekly',
        dateOfBirth: '2023-01-01',
        enrolledAt: new Date(BUILD - 400 * DAY_MS),
      })),
    );
    await insertDemoAttendance(database.db, { from: BUILD - ATTENDANCE_DAYS * DAY_MS, to: BUILD });
    await database.db.insert(demoAnchor).values({ seededAt: new Date(BUILD), anchoredAt: null });
    return database;
  };
  const visits = (database: Database) =>
    database.db
      .select({ id: attendance.id, date: attendance.date, checkInAt: attendance.checkInAt })
      .from(attendance)
      .orderBy(attendance.id);

  it('moves it by whole weeks, row for row', async () => {
    const database = await seeded();
    const before = await visits(database);
    expect(before.length).toBeGreaterThan(0);
    const weeks = 52 * 7;
    await anchorDemo(database.db, BUILD + weeks * DAY_MS + 9 * 3_600_000);
    expect(await visits(database)).toEqual(
      before.map((v) => ({
        ...v,
        date: isoDay(Date.parse(v.date) + weeks * DAY_MS),
        checkInAt: new Date(v.checkInAt.getTime() + weeks * DAY_MS),
      })),
    );
  });

  it('moves it by the whole weeks below any other move, and the model makes the days left out', async () => {
    const database = await seeded();
    const before = await visits(database);
    // 366 days: 52 weeks and 2 days.
    const first = BUILD + 366 * DAY_MS + 9 * 3_600_000;
    await anchorDemo(database.db, first);
    const after = await visits(database);
    const today = startOfUtcDay(first);
    const days = [...new Set(after.map((v) => v.date))].sort();
    // The five weeks before the first start's day, weekdays only: as a seed made that day.
    expect(days.every((day) => new Date(day).getUTCDay() % 6 !== 0)).toBe(true);
    expect(days[0]! >= isoDay(today - ATTENDANCE_DAYS * DAY_MS)).toBe(true);
    expect(days.at(-1)).toBe(isoDay(today - DAY_MS));
    // The visits still in that window moved row for row by 52 weeks; the last two days are new.
    const moved = new Map(after.map((v) => [v.id, v]));
    const kept = before.filter((v) => moved.has(v.id));
    expect(kept.length).toBeGreaterThan(after.length / 2);
    for (const v of kept) expect(moved.get(v.id)?.date).toBe(isoDay(Date.parse(v.date) + 364 * DAY_MS));
    const made = after.filter((v) => !before.some((b) => b.id === v.id));
    expect([...new Set(made.map((v) => v.date))].sort()).toEqual(
      [today - 2 * DAY_MS, today - DAY_MS].filter((d) => new Date(d).getUTCDay() % 6 !== 0).map(isoDay),
    );
  });
});
