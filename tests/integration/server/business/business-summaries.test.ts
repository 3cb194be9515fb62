/**
 * The business summaries (organization_mrr, business_days) kept by triggers: after any sequence of
 * changes to subscription events, add-ons, add-on prices and organizations they equal the sums over the
 * rows themselves, and the platform figures read from them equal those over the raw history, also with
 * windows cut in the middle of a day and movements after "now".
 */
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addOns,
  organizationAddOns,
  organizations,
  subscriptionEvents,
  type SubscriptionEventType,
} from '../../../../server/db/schema';
import {
  platformAddOnAdoption,
  platformMrr,
  platformMrrByPlan,
  topCentersByMrr,
} from '../../../../server/business/current-mrr';
import { DAY_MS, monthStart, revenueOver } from '../../../../server/business/formulas';
import { countsIn, loadHistory, stateAt, within, type History } from '../../../../server/business/movements';
import { dashboardWindow } from '../../../../server/business/periods';
import { loadPlatformHistory } from '../../../../server/business/platform-history';
import { rows } from '../../../../server/db/results';
import { testDatabases } from '../../../support/databases';
import { useServerSuite } from '../../../support/suite';

const NOW = Date.parse('2026-03-02T09:17:23.456Z');
const PLANS = ['free', 'starter', 'professional', 'enterprise'] as const;
const TYPES: SubscriptionEventType[] = [
  'new',
  'upgrade',
  'downgrade',
  'cancel',
  'reactivate',
  'trial_start',
  'trial_convert',
];

/** A small deterministic pseudo-random sequence (the same history on both databases). */
function randomSource(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    /** An instant within ~14 months before NOW up to 3 days after it, to the millisecond. */
    instant: () => NOW - Math.floor(next() * 430 * DAY_MS) + 3 * DAY_MS,
  };
}

const SUMMARY_BY_ORGANIZATION = sql`
  select organization_id::text as id, mrr_cents::float8 as mrr from organization_mrr
  where mrr_cents <> 0 order by 1`;
const EXPECTED_BY_ORGANIZATION = sql`
  select m.organization_id::text as id, sum(m.delta)::float8 as mrr from business_movements m
  group by 1 having sum(m.delta) <> 0 order by 1`;
const SUMMARY_BY_PLAN = sql`
  select plan, customers, mrr_cents::float8 as mrr from business_plans where customers <> 0 or mrr_cents <> 0
  order by plan`;
const EXPECTED_BY_PLAN = sql`
  select o.plan, count(*)::int as customers, sum(m.mrr)::float8 as mrr
  from (select organization_id, sum(delta) as mrr from business_movements group by 1) m
  join organizations o on o.id = m.organization_id where m.mrr > 0 group by o.plan order by o.plan`;
const SUMMARY_ADD_ONS = sql`
  select plan, add_on_id, subscriptions from business_plan_add_ons where subscriptions <> 0 order by 1, 2`;
const EXPECTED_ADD_ONS = sql`
  select o.plan, a.add_on_id, count(*)::int as subscriptions
  from organization_add_ons a join organizations o on o.id = a.organization_id
  where a.ended_at is null group by 1, 2 order by 1, 2`;
const DAY_COLUMNS = sql`mrr_added_cents::float8 as added, mrr_added_moment::float8 as added_moment,
  mrr_removed_cents::float8 as removed, mrr_removed_moment::float8 as removed_moment,
  customer_delta as customers, new_customers, customers_lost, trials_converted, trials_ended`;
const NOT_EMPTY = sql`(mrr_added_cents, mrr_removed_cents, customer_delta, new_customers, customers_lost,
  trials_converted, trials_ended) <> (0, 0, 0, 0, 0, 0, 0)`;

describe.each(testDatabases)('business summaries on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const orgIds: string[] = [];
  const random = randomSource(20_260_302);

  const summaryDays = () =>
    rows(
      suite.database.db,
      sql`select day::text, ${DAY_COLUMNS} from business_days where ${NOT_EMPTY} order by day`,
    );
  /** The same sums computed straight from the rows. */
  const expectedDays = () =>
    rows(
      suite.database.db,
      sql`select day::text, ${DAY_COLUMNS} from (
            select (m.at at time zone 'UTC')::date as day,
                   sum(greatest(m.delta, 0)) as mrr_added_cents,
                   sum(greatest(m.delta, 0) * extract(epoch from m.at) * 1000) as mrr_added_moment,
                   sum(least(m.delta, 0)) as mrr_removed_cents,
                   sum(least(m.delta, 0) * extract(epoch from m.at) * 1000) as mrr_removed_moment,
                   sum(m.customers)::int as customer_delta, sum(m.new_customers)::int as new_customers,
                   sum(m.customers_lost)::int as customers_lost, sum(m.trials_converted)::int as trials_converted,
                   sum(m.trials_ended)::int as trials_ended
            from business_movements m group by 1) d
          where ${NOT_EMPTY} order by day`,
    );
  async function expectSummariesMatchRows() {
    const byOrganization = await rows(suite.database.db, SUMMARY_BY_ORGANIZATION);
    expect(byOrganization).toEqual(await rows(suite.database.db, EXPECTED_BY_ORGANIZATION));
    expect(await rows(suite.database.db, SUMMARY_BY_PLAN)).toEqual(
      await rows(suite.database.db, EXPECTED_BY_PLAN),
    );
    expect(await rows(suite.database.db, SUMMARY_ADD_ONS)).toEqual(
      await rows(suite.database.db, EXPECTED_ADD_ONS),
    );
    const days = await summaryDays();
    expect(days).toEqual(await expectedDays());
  }

  async function insertOrganizations(n: number) {
    for (let i = 0; i < n; i++) {
      const [row] = await suite.database.db
        .insert(organizations)
        .values({
          name: `Summary Center ${orgIds.length + 1}`,
          slug: `summary-center-${orgIds.length + 1}`,
          plan: random.pick(PLANS),
          status: random.pick(['active', 'trial', 'suspended', 'cancelled'] as const),
        })
        .returning({ id: organizations.id });
      orgIds.push(row!.id);
    }
  }

  async function insertHistory(events: number, addOnRows: number) {
    await suite.database.db.insert(subscriptionEvents).values(
      Array.from({ length: events }, () => {
        const type = random.pick(TYPES);
        const customerDelta = type === 'cancel' ? -1 : type === 'new' || type === 'trial_convert' ? 1 : 0;
        return {
          organizationId: random.pick(orgIds),
          type,
          plan: random.pick(PLANS),
          occurredAt: new Date(random.instant()),
          mrrDeltaCents: (customerDelta === -1 ? -1 : 1) * (1 + random.int(100_000)),
          customerDelta,
          fromTrial: random.int(3) === 0,
        };
      }),
    );
    await suite.database.db.insert(organizationAddOns).values(
      Array.from({ length: addOnRows }, () => {
        const started = random.instant();
        return {
          organizationId: random.pick(orgIds),
          addOnId: random.pick(['sms', 'payments']),
          startedAt: new Date(started),
          endedAt: random.int(2) === 0 ? null : new Date(started + random.int(90 * DAY_MS)),
        };
      }),
    );
  }

  beforeAll(async () => {
    await suite.database.db.insert(addOns).values([
      { id: 'sms', name: 'SMS', monthlyPriceCents: 2_900 },
      { id: 'payments', name: 'Online payments', monthlyPriceCents: 4_900 },
    ]);
    await insertOrganizations(12);
    await insertHistory(160, 40);
  });

  it('are kept equal to the sums over the rows through inserts, updates and deletes', async () => {
    await expectSummariesMatchRows();
    const events = await suite.database.db.select({ id: subscriptionEvents.id }).from(subscriptionEvents);
    // Move, re-price and re-assign some events; delete others.
    for (const { id } of events.slice(0, 20)) {
      await suite.database.db
        .update(subscriptionEvents)
        .set({
          occurredAt: new Date(random.instant()),
          mrrDeltaCents: random.int(50_000) - 25_000,
          organizationId: random.pick(orgIds),
          type: random.pick(TYPES),
        })
        .where(eq(subscriptionEvents.id, id));
    }
    for (const { id } of events.slice(20, 35)) {
      await suite.database.db.delete(subscriptionEvents).where(eq(subscriptionEvents.id, id));
    }
    // End, reopen and delete add-ons.
    const subscribed = await suite.database.db.select().from(organizationAddOns);
    for (const a of subscribed.slice(0, 10)) {
      await suite.database.db
        .update(organizationAddOns)
        .set({ endedAt: a.endedAt ? null : new Date(a.startedAt.getTime() + DAY_MS / 3) })
        .where(eq(organizationAddOns.id, a.id));
    }
    await suite.database.db.delete(organizationAddOns).where(eq(organizationAddOns.id, subscribed[10]!.id));
    await expectSummariesMatchRows();

    // A new price counts for every subscription of the add-on, past ones included.
    await suite.database.db.update(addOns).set({ monthlyPriceCents: 3_500 }).where(eq(addOns.id, 'sms'));
    await expectSummariesMatchRows();

    // A change of plan moves the organization's MRR and add-ons to its new plan.
    for (const id of orgIds.slice(0, 6)) {
      await suite.database.db
        .update(organizations)
        .set({ plan: random.pick(PLANS) })
        .where(eq(organizations.id, id));
    }
    await expectSummariesMatchRows();

    // Deleting an organization takes its history (and its summary row) with it.
    await suite.database.db.delete(organizations).where(eq(organizations.id, orgIds.pop()!));
    await suite.database.db.delete(organizations).where(eq(organizations.id, orgIds.shift()!));
    await expectSummariesMatchRows();

    // A truncated history leaves empty summaries; many rows in one statement are all counted.
    await suite.database.db.execute(sql`truncate subscription_events`);
    await expectSummariesMatchRows();
    await insertHistory(300, 60);
    await expectSummariesMatchRows();
  });

  it('a change rolled back leaves the summaries as they were', async () => {
    const before = await summaryDays();
    await expect(
      suite.database.db.transaction(async (tx) => {
        await tx.insert(subscriptionEvents).values({
          organizationId: orgIds[0]!,
          type: 'new',
          plan: 'starter',
          occurredAt: new Date(NOW - DAY_MS),
          mrrDeltaCents: 19_900,
          customerDelta: 1,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await summaryDays()).toEqual(before);
    await expectSummariesMatchRows();
  });

  /** The figures the dashboard takes from a history over a window. */
  function figuresOf(history: History, start: number, end: number) {
    const revenue = revenueOver(
      stateAt(history, start).mrr,
      within(history, start, end).map((m) => ({ at: m.at, deltaCents: m.mrrDelta })),
      start,
      end,
    );
    return { revenue, atStart: stateAt(history, start), counts: countsIn(history, start, end) };
  }

  it.each(['7d', '30d', 'quarter', 'ytd'] as const)(
    'the platform history from the summaries gives the figures of the raw history (%s)',
    async (period) => {
      const window = dashboardWindow(period, NOW);
      const since = Math.min(monthStart(NOW, -11), window.start);
      const [summed, raw] = await Promise.all([
        loadPlatformHistory(
          suite.database.db,
          since,
          NOW,
          [window.start],
          Array.from({ length: 13 }, (_, i) => monthStart(NOW, i - 11)),
        ),
        loadHistory(suite.database.db, null, since, NOW),
      ]);
      const windows = [
        [window.start, window.end],
        ...Array.from({ length: 12 }, (_, i) => [
          monthStart(NOW, i - 11),
          Math.min(NOW, monthStart(NOW, i - 10)),
        ]),
      ] as const;
      for (const [start, end] of windows) {
        const a = figuresOf(summed, start, end);
        const b = figuresOf(raw, start, end);
        expect(a.atStart).toEqual(b.atStart);
        expect(a.counts).toEqual(b.counts);
        expect(a.revenue).toBeCloseTo(b.revenue, 6);
      }
      expect(stateAt(summed, NOW + 1)).toEqual(stateAt(raw, NOW + 1));
    },
  );

  it('current MRR, MRR per plan and top centers leave out the movements after now', async () => {
    // Some movements lie after NOW (up to 3 days): the figures at NOW are those of the rows up to NOW.
    const perOrganization = await rows<{
      id: string;
      name: string;
      plan: string;
      status: string;
      mrr: number;
    }>(
      suite.database.db,
      sql`select o.id::text as id, o.name, o.plan, o.status, sum(m.delta)::float8 as mrr
          from business_movements m join organizations o on o.id = m.organization_id
          where m.at <= ${new Date(NOW).toISOString()}::timestamptz group by o.id having sum(m.delta) > 0`,
    );
    const [after] = await rows<{ n: number }>(
      suite.database.db,
      sql`select count(*)::int as n from business_movements where at > ${new Date(NOW).toISOString()}::timestamptz`,
    );
    expect(after?.n).toBeGreaterThan(0);

    const [allNow] = await rows<{ mrr: number }>(
      suite.database.db,
      sql`select coalesce(sum(delta), 0)::float8 as mrr from business_movements
          where at <= ${new Date(NOW).toISOString()}::timestamptz`,
    );
    expect(await platformMrr(suite.database.db, NOW)).toBe(allNow?.mrr);

    const byPlan = new Map<string, { customers: number; mrr: number }>();
    for (const o of perOrganization) {
      const p = byPlan.get(o.plan) ?? { customers: 0, mrr: 0 };
      byPlan.set(o.plan, { customers: p.customers + 1, mrr: p.mrr + o.mrr });
    }
    const plans = await platformMrrByPlan(suite.database.db, NOW);
    expect(new Map(plans.map((p) => [p.plan, { customers: p.customers, mrr: p.mrr }]))).toEqual(byPlan);

    const adoption = await rows<{ plan: string; id: string; count: number }>(
      suite.database.db,
      sql`select o.plan, a.add_on_id as id, count(*)::int as count
          from organization_add_ons a join organizations o on o.id = a.organization_id
          where a.started_at <= ${new Date(NOW).toISOString()}::timestamptz
            and (a.ended_at is null or a.ended_at > ${new Date(NOW).toISOString()}::timestamptz)
          group by 1, 2 order by 2, 1`,
    );
    const summed = await platformAddOnAdoption(suite.database.db, NOW);
    expect(summed.map(({ plan, id, count }) => ({ plan, id, count }))).toEqual(
      expect.arrayContaining(adoption),
    );
    expect(summed).toHaveLength(adoption.length);

    const expectedTop = [...perOrganization]
      .sort((a, b) => b.mrr - a.mrr || (a.name < b.name ? -1 : 1))
      .slice(0, 5)
      .map((o) => o.id);
    expect((await topCentersByMrr(suite.database.db, NOW, 5)).map((c) => c.id)).toEqual(expectedTop);
  });
});
