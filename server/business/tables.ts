/** The business group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { CLOUD_SERVICES } from '../../shared/api/business';
import { PLANS } from '../../shared/tenancy';
import { instant, updatedAt } from '../db/columns';
import { organizationRef } from '../organizations/tables';

export const SUBSCRIPTION_EVENT_TYPES = [
  'new',
  'upgrade',
  'downgrade',
  'cancel',
  'reactivate',
  'trial_start',
  'trial_convert',
] as const;

export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

export const billingPlans = pgTable('billing_plans', {
  id: text('id', { enum: PLANS }).primaryKey(),
  name: text('name').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
});

export const addOns = pgTable('add_ons', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  monthlyPriceCents: integer('monthly_price_cents').notNull(),
});

/** An add-on an organization subscribed to, from startedAt until endedAt (null: still on). */
export const organizationAddOns = pgTable(
  'organization_add_ons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    addOnId: text('add_on_id')
      .notNull()
      .references(() => addOns.id, { onDelete: 'restrict' }),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at'),
  },
  (t) => [
    index('organization_add_ons_organization').on(t.organizationId),
    index('organization_add_ons_started').on(t.startedAt),
    index('organization_add_ons_ended').on(t.endedAt),
    check(
      'organization_add_ons_end_after_start',
      sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`,
    ),
  ],
);

export const subscriptionEvents = pgTable(
  'subscription_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    type: text('type', { enum: SUBSCRIPTION_EVENT_TYPES }).notNull(),
    /** The plan after the event (the plan given up, for a cancel). */
    plan: text('plan', { enum: PLANS }).notNull(),
    occurredAt: instant('occurred_at').notNull(),
    /** Change of the plan part of MRR, in cents (add-ons are counted from organization_add_ons). */
    mrrDeltaCents: integer('mrr_delta_cents').notNull(),
    /** +1 a new paying customer, -1 one lost, 0 otherwise. */
    customerDelta: integer('customer_delta').notNull(),
    /** The subscription was a trial before this event (a trial that ended, converted or not). */
    fromTrial: boolean('from_trial').notNull().default(false),
  },
  (t) => [
    index('subscription_events_time').on(t.occurredAt),
    index('subscription_events_organization_time').on(t.organizationId, t.occurredAt),
    check('subscription_events_customer_delta', sql`${t.customerDelta} between -1 and 1`),
  ],
);

/**
 * Summary of the MRR history kept by database triggers (migration business_summaries) in the same
 * transaction as every change of subscription_events, organization_add_ons or an add-on's price: the
 * sum of every movement (events, add-on starts and ends) per organization. MRR at an instant is this
 * sum minus the movements after it (normally none).
 */
export const organizationMrr = pgTable(
  'organization_mrr',
  {
    organizationId: organizationRef().primaryKey(),
    /** The organization's plan, kept equal to organizations.plan by a trigger. */
    plan: text('plan', { enum: PLANS }).notNull(),
    mrrCents: bigint('mrr_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('organization_mrr_by_mrr').on(t.mrrCents.desc())],
);

/** Paying organizations (organization_mrr > 0) and their MRR per plan, kept by the same triggers. */
export const businessPlans = pgTable('business_plans', {
  plan: text('plan', { enum: PLANS }).primaryKey(),
  customers: integer('customers').notNull(),
  mrrCents: bigint('mrr_cents', { mode: 'number' }).notNull(),
});

/** Open add-on subscriptions (no end) per plan of the organization and add-on, kept by the same triggers. */
export const businessPlanAddOns = pgTable(
  'business_plan_add_ons',
  {
    plan: text('plan', { enum: PLANS }).notNull(),
    addOnId: text('add_on_id').notNull(),
    subscriptions: integer('subscriptions').notNull(),
  },
  (t) => [primaryKey({ columns: [t.plan, t.addOnId] })],
);

/**
 * The movements of one UTC day, summed by the same triggers: MRR added and removed (with the sum of
 * amount × instant in ms, so that revenue prorated to the instant is exact), paying customers, and the
 * counts behind churn, new customers and trial conversion.
 */
export const businessDays = pgTable('business_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  mrrAddedCents: bigint('mrr_added_cents', { mode: 'number' }).notNull().default(0),
  mrrAddedMoment: numeric('mrr_added_moment').notNull().default('0'),
  mrrRemovedCents: bigint('mrr_removed_cents', { mode: 'number' }).notNull().default(0),
  mrrRemovedMoment: numeric('mrr_removed_moment').notNull().default('0'),
  customerDelta: integer('customer_delta').notNull().default(0),
  newCustomers: integer('new_customers').notNull().default(0),
  customersLost: integer('customers_lost').notNull().default(0),
  trialsConverted: integer('trials_converted').notNull().default(0),
  trialsEnded: integer('trials_ended').notNull().default(0),
});

/** Sales and marketing spend of a calendar month (first day), an administrator's input. */
export const acquisitionSpend = pgTable('acquisition_spend', {
  month: date('month', { mode: 'string' }).primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  updatedAt: updatedAt(),
  updatedBy: uuid('updated_by'),
});

/** The platform's cloud bill, one row per day and service. */
export const cloudCosts = pgTable(
  'cloud_costs',
  {
    date: date('date', { mode: 'string' }).notNull(),
    service: text('service', { enum: CLOUD_SERVICES }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.service] }),
    check('cloud_costs_amount_non_negative', sql`${t.amountCents} >= 0`),
  ],
);

/** A cloud cost budget over a rolling 30 days, alerting at a share of its limit. */
export const costBudgets = pgTable('cost_budgets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  monthlyLimitCents: bigint('monthly_limit_cents', { mode: 'number' }).notNull(),
  alertThresholdPercent: integer('alert_threshold_percent').notNull(),
});
