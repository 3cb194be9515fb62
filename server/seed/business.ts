/**
 * The demo's business data, deterministic and counted back from `now`: plans ($199/$499/$999), add-ons,
 * the subscription history of the demo organizations (consistent with their current plan and status),
 * 13 months of sales and marketing spend, 400 days of cloud cost per service and the $2,200 budget.
 * The cost of the last 30 complete days is exactly $1,870 (85 % of the budget), and its service mix
 * makes the rules' savings 28 % of it: an optimization score of 72/100, as the spec's sample shows.
 */
import { asc } from 'drizzle-orm';
import { CLOUD_SERVICES, type CloudService } from '../../shared/api/business';
import type { Plan } from '../../shared/tenancy';
import type { Db } from '../db/client';
import {
  acquisitionSpend,
  addOns,
  billingPlans,
  cloudCosts,
  costBudgets,
  organizationAddOns,
  organizations,
  subscriptionEvents,
  type SubscriptionEventType,
} from '../db/schema';
import { DAY_MS, isoDay, monthStart, startOfUtcDay } from '../business/formulas';
import { createRandom } from './tenancy';

export const PLAN_PRICES_CENTS: Record<Plan, number> = {
  free: 0,
  starter: 19_900,
  professional: 49_900,
  enterprise: 99_900,
};
const PLAN_NAMES: Record<Plan, string> = {
  free: 'Free',
  starter: 'Starter',
  professional: 'Professional',
  enterprise: 'Enterprise',
};
export const ADD_ONS = [
  { id: 'sms-notifications', name: 'SMS notifications', monthlyPriceCents: 2_900 },
  { id: 'online-payments', name: 'Online payments', monthlyPriceCents: 4_900 },
  { id: 'advanced-reports', name: 'Advanced reports', monthlyPriceCents: 7_900 },
] as const;

export const DEMO_BUDGET = {
  id: 'cloud-monthly',
  name: 'Cloud infrastructure',
  monthlyLimitCents: 220_000,
  alertThresholdPercent: 80,
};
/** 85 % of the budget over the last 30 complete days. */
export const DEMO_LAST_30_DAYS_COST_CENTS = 187_000;
export const COST_HISTORY_DAYS = 400;

/** Monthly cost of each service 30 days ago, and its growth per 30 days since. */
const SERVICE_SHAPE: Record<CloudService, { base: number; growth: number }> = {
  lambda: { base: 300, growth: 0.2 },
  dynamodb: { base: 220, growth: 0.08 },
  s3: { base: 140, growth: 0.02 },
  cloudfront: { base: 120, growth: 0.03 },
  apigateway: { base: 110, growth: 0.04 },
  others: { base: 112, growth: 0.01 },
};

type EventRow = typeof subscriptionEvents.$inferInsert;
type Random = ReturnType<typeof createRandom>;

const lowerPlan: Partial<Record<Plan, Plan>> = { professional: 'starter', enterprise: 'professional' };

function event(
  organizationId: string,
  type: SubscriptionEventType,
  plan: Plan,
  at: number,
  mrrDeltaCents: number,
  customerDelta: number,
  fromTrial = false,
): EventRow {
  return { organizationId, type, plan, occurredAt: new Date(at), mrrDeltaCents, customerDelta, fromTrial };
}

/** A paying subscription's start: straight in, or through a 14-day trial. */
function start(id: string, plan: Plan, at: number, viaTrial: boolean): EventRow[] {
  const price = PLAN_PRICES_CENTS[plan];
  if (!viaTrial) return [event(id, 'new', plan, at, price, 1)];
  return [
    event(id, 'trial_start', plan, at, 0, 0),
    event(id, 'trial_convert', plan, at + 14 * DAY_MS, price, 1, true),
  ];
}

interface OrgRow {
  id: string;
  plan: Plan;
  status: string;
  createdAt: Date;
}

/** The history that leads to the organization's current plan and status. */
function historyOf(org: OrgRow, index: number, now: number, random: Random): EventRow[] {
  const created = org.createdAt.getTime();
  const { id, plan } = org;
  if (org.status === 'trial') {
    return [event(id, 'trial_start', plan, now - random.int(2, 12) * DAY_MS, 0, 0)];
  }
  if (plan === 'free') return [event(id, 'new', plan, created, 0, 0)];
  if (org.status === 'cancelled') {
    // Every third cancelled organization was a trial that never converted, ended within 30 days.
    if (index % 3 === 0) {
      const ended = now - random.int(3, 25) * DAY_MS;
      return [
        event(id, 'trial_start', plan, ended - 14 * DAY_MS, 0, 0),
        event(id, 'cancel', plan, ended, 0, 0, true),
      ];
    }
    const cancelled = now - random.int(10, 200) * DAY_MS;
    const began = Math.min(created, cancelled - 60 * DAY_MS);
    return [
      ...start(id, plan, began, false),
      event(id, 'cancel', plan, cancelled, -PLAN_PRICES_CENTS[plan], -1),
    ];
  }
  // Active or suspended (past due): paying now.
  const lower = lowerPlan[plan];
  const viaTrial = index % 4 === 1;
  if (lower && index % 2 === 0) {
    const upgraded = now - random.int(20, 300) * DAY_MS;
    const began = Math.min(created, upgraded - 45 * DAY_MS);
    return [
      ...start(id, lower, began, viaTrial),
      event(id, 'upgrade', plan, upgraded, PLAN_PRICES_CENTS[plan] - PLAN_PRICES_CENTS[lower], 0),
    ];
  }
  return start(id, plan, created, viaTrial);
}

/** A recent trial that converted within the last 30 days, so that trial conversion has both outcomes. */
function recentConversion(org: OrgRow, now: number): EventRow[] {
  const price = PLAN_PRICES_CENTS[org.plan];
  const converted = now - 9 * DAY_MS;
  return [
    event(org.id, 'trial_start', org.plan, converted - 14 * DAY_MS, 0, 0),
    event(org.id, 'trial_convert', org.plan, converted, price, 1, true),
  ];
}

function addOnsOf(org: OrgRow, events: EventRow[], random: Random, now: number) {
  const paidSince = events.find((e) => e.customerDelta === 1)?.occurredAt?.getTime();
  if (paidSince === undefined) return [];
  const cancel = events.find((e) => e.type === 'cancel')?.occurredAt ?? null;
  const count =
    org.plan === 'enterprise' ? 2 : org.plan === 'professional' ? random.int(1, 2) : random.int(0, 1);
  return ADD_ONS.slice(0, count).map((a, i) => ({
    organizationId: org.id,
    addOnId: a.id,
    startedAt: new Date(Math.min(now - DAY_MS, paidSince + (15 + i * 20) * DAY_MS)),
    endedAt: cancel,
  }));
}

/** 400 days of cost per service, the last 30 complete days scaled to exactly $1,870. */
export function demoCloudCosts(now: number): (typeof cloudCosts.$inferInsert)[] {
  const random = createRandom(6_2026);
  const today = startOfUtcDay(now);
  const raw: { date: string; service: CloudService; amount: number; recent: boolean }[] = [];
  for (let k = COST_HISTORY_DAYS; k >= 1; k--) {
    const day = today - k * DAY_MS;
    const weekday = new Date(day).getUTCDay();
    const weekly = weekday === 0 || weekday === 6 ? 0.85 : 1.06;
    for (const service of CLOUD_SERVICES) {
      const { base, growth } = SERVICE_SHAPE[service];
      // Dollars per day: the service's monthly level 15 days ago (the middle of the last 30), grown.
      const level = (base / 30) * Math.pow(1 + growth, (15 - k) / 30);
      raw.push({
        date: isoDay(day),
        service,
        amount: level * weekly * (0.94 + random.next() * 0.12),
        recent: k <= 30,
      });
    }
  }
  const recentTotal = raw.filter((r) => r.recent).reduce((sum, r) => sum + r.amount, 0);
  const scale = DEMO_LAST_30_DAYS_COST_CENTS / recentTotal;
  const rows = raw.map((r) => ({
    date: r.date,
    service: r.service,
    amountCents: Math.round(r.amount * scale),
    recent: r.recent,
  }));
  // Rounding leftovers go to the most recent day's "others", so the 30 days add up to the cent.
  const drift =
    DEMO_LAST_30_DAYS_COST_CENTS - rows.filter((r) => r.recent).reduce((s, r) => s + r.amountCents, 0);
  const last = rows[rows.length - 1];
  if (last) last.amountCents += drift;
  return rows.map(({ date, service, amountCents }) => ({ date, service, amountCents }));
}

export async function insertDemoBusiness(db: Db, now: number): Promise<void> {
  const random = createRandom(6_0606);
  await db.insert(billingPlans).values(
    (Object.keys(PLAN_PRICES_CENTS) as Plan[]).map((id) => ({
      id,
      name: PLAN_NAMES[id],
      monthlyPriceCents: PLAN_PRICES_CENTS[id],
    })),
  );
  await db.insert(addOns).values([...ADD_ONS]);
  await db.insert(costBudgets).values(DEMO_BUDGET);

  const orgs = (await db
    .select({
      id: organizations.id,
      plan: organizations.plan,
      status: organizations.status,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .orderBy(asc(organizations.id))) as OrgRow[];
  const eventRows: EventRow[] = [];
  const addOnRows: (typeof organizationAddOns.$inferInsert)[] = [];
  let conversions = 0;
  orgs.forEach((org, index) => {
    const paying = (org.status === 'active' || org.status === 'suspended') && org.plan !== 'free';
    const events =
      paying && conversions < 2 && index % 5 === 3
        ? (conversions++, recentConversion(org, now))
        : historyOf(org, index, now, random);
    eventRows.push(...events);
    addOnRows.push(...addOnsOf(org, events, random, now));
  });
  await db.insert(subscriptionEvents).values(eventRows);
  if (addOnRows.length > 0) await db.insert(organizationAddOns).values(addOnRows);

  const spend = [];
  for (let m = -12; m <= 0; m++) {
    spend.push({ month: isoDay(monthStart(now, m)), amountCents: 300_000 + random.int(0, 15) * 10_000 });
  }
  await db.insert(acquisitionSpend).values(spend);

  const costs = demoCloudCosts(now);
  for (let i = 0; i < costs.length; i += 1000) await db.insert(cloudCosts).values(costs.slice(i, i + 1000));
}
