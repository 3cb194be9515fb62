import { sql } from 'drizzle-orm';
import type { BusinessDashboard, CenterHealth, DashboardPeriod } from '../../shared/api/business';
import type { Plan } from '../../shared/tenancy';
import type { Db } from '../db/client';
import {
  DAY_MS,
  averageChurn,
  averageRevenuePerAccount,
  churnRate,
  customerAcquisitionCost,
  grossMargin,
  isoDay,
  lifetimeValue,
  monthStart,
  monthlyChurn,
  revenueOver,
  spendInWindow,
  trialConversion,
} from './formulas';
import {
  platformAddOnAdoption,
  platformMrr,
  platformMrrByPlan,
  topCentersByMrr,
  type AddOnAdoption,
  type CenterMrr,
  type PlanMrr,
} from './current-mrr';
import { countsIn, loadHistory, stateAt, within, type History } from './movements';
import { costDays, dashboardWindow } from './periods';
import { loadPlatformHistory } from './platform-history';
import { rows } from '../db/results';
import { orgFilter, ts } from './sql';

const dollars = (cents: number) => Math.round(cents) / 100;
const revenueOf = (history: History, start: number, end: number) =>
  revenueOver(
    stateAt(history, start).mrr,
    within(history, start, end).map((m) => ({ at: m.at, deltaCents: m.mrrDelta })),
    start,
    end,
  );

/** Cloud cost of whole days [first, last] (cents). */
async function cloudCostOfDays(db: Db, first: string, last: string): Promise<number> {
  const [row] = await rows<{ total: number | null }>(
    db,
    sql`select sum(amount_cents)::float8 as total from cloud_costs where date >= ${first} and date <= ${last}`,
  );
  return row?.total ?? 0;
}

/** Current MRR per organization (plan and add-ons), as a SQL relation. */
const currentMrrSql = (now: number, organizationId: string) => sql`
  select m.organization_id, sum(m.delta)::float8 as mrr from business_movements m
  where m.at <= ${ts(now)}::timestamptz${orgFilter(sql`m.organization_id`, organizationId)}
  group by m.organization_id`;

/** One organization's MRR per plan and its place among the top centers (itself, when paying). */
async function organizationMrr(db: Db, now: number, organizationId: string) {
  const found = await rows<CenterMrr>(
    db,
    sql`select o.id::text as id, o.name, o.plan, o.status, m.mrr
        from (${currentMrrSql(now, organizationId)}) m join organizations o on o.id = m.organization_id
        where m.mrr > 0`,
  );
  return {
    perPlan: found.map((c): PlanMrr => ({ plan: c.plan, customers: 1, mrr: c.mrr })),
    top: found,
  };
}

/** The organization's add-ons on now. */
const organizationAddOns = (db: Db, now: number, organizationId: string) =>
  rows<AddOnAdoption>(
    db,
    sql`select o.plan, p.id, p.name, count(*)::int as count
        from organization_add_ons a join add_ons p on p.id = a.add_on_id
        join organizations o on o.id = a.organization_id
        where a.started_at <= ${ts(now)}::timestamptz and (a.ended_at is null or a.ended_at > ${ts(now)}::timestamptz)
        ${orgFilter(sql`a.organization_id`, organizationId)}
        group by o.plan, p.id, p.name order by p.id`,
  );

/**
 * Current MRR per plan and the top centers by MRR (the platform's from the summaries); add-on
 * adoption per plan beside it.
 */
async function planFigures(db: Db, now: number, organizationId: string | null, limit = 10) {
  const [perOrg, adoption] = await Promise.all([
    organizationId === null
      ? Promise.all([platformMrrByPlan(db, now), topCentersByMrr(db, now, limit)]).then(([perPlan, top]) => ({
          perPlan,
          top,
        }))
      : organizationMrr(db, now, organizationId),
    organizationId === null ? platformAddOnAdoption(db, now) : organizationAddOns(db, now, organizationId),
  ]);
  const plans = perOrg.perPlan;
  // The spec's order: Professional, Enterprise, Starter.
  const order: Plan[] = ['professional', 'enterprise', 'starter'];
  const byPlan = order.map((plan) => {
    const found = plans.find((p) => p.plan === plan);
    return {
      plan,
      customers: found?.customers ?? 0,
      mrr: dollars(found?.mrr ?? 0),
      addOns: adoption.filter((a) => a.plan === plan).map(({ id, name, count }) => ({ id, name, count })),
    };
  });
  const top = [...perOrg.top].sort((a, b) => b.mrr - a.mrr || a.name.localeCompare(b.name));
  return { byPlan, top };
}

/** Weekdays among the 30 days before today: attendance is recorded on weekdays only. */
function weekdaysOf(firstDay: number, days: number): number {
  let n = 0;
  for (let d = 0; d < days; d++) {
    const weekday = new Date(firstDay + d * DAY_MS).getUTCDay();
    if (weekday !== 0 && weekday !== 6) n++;
  }
  return n;
}

function healthOf(status: string, rate: number | null): CenterHealth {
  if (status === 'suspended' || (rate !== null && rate < 0.6)) return 'at risk';
  if (rate !== null && rate < 0.8) return 'watch';
  return 'healthy';
}

type TopRow = Awaited<ReturnType<typeof planFigures>>['top'][number];

async function topCenters(db: Db, now: number, top: TopRow[]) {
  if (top.length === 0) return [];
  const ids = sql.join(
    top.map((t) => sql`${t.id}::uuid`),
    sql`, `,
  );
  const { first, last } = costDays('30d', now);
  const [enrolled, attended] = await Promise.all([
    rows<{ id: string; n: number }>(
      db,
      sql`select organization_id as id, count(*)::int as n from children
          where organization_id in (${ids}) and status = 'enrolled' group by organization_id`,
    ),
    rows<{ id: string; n: number }>(
      db,
      // Visits, not distinct child-days: a second visit the same day is rare, and the rate is capped.
      sql`select organization_id as id, count(*)::int as n from attendance
          where organization_id in (${ids}) and date >= ${isoDay(first)} and date <= ${isoDay(last)}
          group by organization_id`,
    ),
  ]);
  const weekdays = weekdaysOf(first, 30);
  return top.map((t) => {
    const children = enrolled.find((e) => e.id === t.id)?.n ?? 0;
    const days = attended.find((a) => a.id === t.id)?.n ?? 0;
    const rate = children > 0 && weekdays > 0 ? Math.min(1, days / (children * weekdays)) : null;
    return {
      organizationId: t.id,
      name: t.name,
      plan: t.plan,
      children,
      mrr: dollars(t.mrr),
      health: healthOf(t.status, rate),
    };
  });
}

async function activeCenters(db: Db, organizationId: string | null): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from organizations where status = 'active'${orgFilter(sql`id`, organizationId)}`,
  );
  return row?.n ?? 0;
}

async function spendMonths(db: Db) {
  return rows<{ month: string; amountCents: number }>(
    db,
    sql`select to_char(month, 'YYYY-MM-DD') as "month", amount_cents::float8 as "amountCents" from acquisition_spend`,
  );
}

/**
 * The dashboard's figures over a period ending now, for the platform (organizationId null) or one
 * organization. An organization's cloud cost is the platform's, allocated by its share of MRR; its
 * acquisition spend is not attributable, so its CAC is n/a.
 */
export async function businessFigures(
  db: Db,
  now: number,
  period: DashboardPeriod,
  organizationId: string | null,
): Promise<BusinessDashboard> {
  const window = dashboardWindow(period, now);
  const seriesStart = monthStart(now, -11);
  const since = Math.min(seriesStart, window.start);
  const last30 = costDays('30d', now);
  const [history, platformNow, windowCost, monthCost, spend, plans, active] = await Promise.all([
    organizationId === null
      ? loadPlatformHistory(
          db,
          since,
          now,
          [window.start],
          Array.from({ length: 13 }, (_, i) => monthStart(now, i - 11)),
        )
      : loadHistory(db, organizationId, since, now),
    organizationId === null ? null : platformMrr(db, now),
    cloudCostOfDays(db, isoDay(window.start), isoDay(window.end - DAY_MS)),
    cloudCostOfDays(db, isoDay(last30.first), isoDay(last30.last)),
    organizationId === null ? spendMonths(db) : Promise.resolve([]),
    planFigures(db, now, organizationId),
    activeCenters(db, organizationId),
  ]);

  const top = await topCenters(db, now, plans.top);
  const current = stateAt(history, now + 1);
  const share = platformNow === null ? 1 : platformNow > 0 ? Math.max(0, current.mrr) / platformNow : 0;
  const revenue = revenueOf(history, window.start, window.end);
  const cloudCost = windowCost * share;
  const margin = grossMargin(revenue, cloudCost);
  const counts = countsIn(history, window.start, window.end);
  const atStart = stateAt(history, window.start).customers;
  const acquisitionSpend = spendInWindow(spend, window.start, window.end);
  const previousSix = [-6, -5, -4, -3, -2, -1].map((m) => {
    const start = monthStart(now, m);
    const end = monthStart(now, m + 1);
    return churnRate(countsIn(history, start, end).lost, stateAt(history, start).customers);
  });
  const average6 = averageChurn(previousSix);
  const arpa = averageRevenuePerAccount(current.mrr, current.customers);
  const cac = organizationId === null ? customerAcquisitionCost(acquisitionSpend, counts.newCustomers) : null;
  const ltv = lifetimeValue(arpa, margin, average6);

  return {
    scope: organizationId === null ? 'platform' : 'organization',
    organizationId,
    period,
    from: ts(window.start),
    to: ts(window.end),
    kpis: {
      mrr: dollars(current.mrr),
      annualRunRate: dollars(12 * current.mrr),
      grossMargin: margin,
      cac: cac === null ? null : dollars(cac),
      ltv: ltv === null ? null : dollars(ltv),
      monthlyChurn: monthlyChurn(counts.lost, atStart, window.days),
      cloudMonthlyCost: dollars(monthCost * share),
      activeCenters: active,
      trialConversion: trialConversion(counts.trialsConverted, counts.trialsEnded),
    },
    basis: {
      revenue: dollars(revenue),
      cloudCost: dollars(cloudCost),
      payingCustomers: current.customers,
      customersAtStart: atStart,
      customersLost: counts.lost,
      newCustomers: counts.newCustomers,
      acquisitionSpend: dollars(acquisitionSpend),
      arpa: arpa === null ? null : dollars(arpa),
      averageChurn6m: average6,
      trialsConverted: counts.trialsConverted,
      trialsEnded: counts.trialsEnded,
    },
    revenueSeries: Array.from({ length: 12 }, (_, i) => {
      const start = monthStart(now, i - 11);
      const end = Math.min(now, monthStart(now, i - 10));
      return { month: isoDay(start).slice(0, 7), revenue: dollars(revenueOf(history, start, end)) };
    }),
    revenueByPlan: plans.byPlan,
    topCenters: top,
  };
}
