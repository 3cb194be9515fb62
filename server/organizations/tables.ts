/** The organizations group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DEFAULT_BRANDING,
  INVITE_ROLES,
  MEMBER_ROLES,
  MEMBER_STATUSES,
  ORGANIZATION_STATUSES,
  PLANS,
} from '../../shared/tenancy';
import { createdAt, instant } from '../db/columns';
import { users } from '../users/tables';

export const organizationRef = () =>
  uuid('organization_id')
    .notNull()
    .references(() => organizations.id, { onDelete: 'cascade' });

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    plan: text('plan', { enum: PLANS }).notNull().default('free'),
    status: text('status', { enum: ORGANIZATION_STATUSES }).notNull().default('trial'),
    type: text('type').notNull().default('childcare_center'),
    createdAt: createdAt(),
    companyName: text('company_name').notNull().default(''),
    primaryColor: text('primary_color').notNull().default(DEFAULT_BRANDING.primaryColor),
    secondaryColor: text('secondary_color').notNull().default(DEFAULT_BRANDING.secondaryColor),
    ssoEnabled: boolean('sso_enabled').notNull().default(false),
    mfaRequired: boolean('mfa_required').notNull().default(false),
    features: jsonb('features').$type<Record<string, boolean>>().notNull().default({}),
    maxUsers: integer('max_users').notNull().default(5),
    maxMetrics: integer('max_metrics').notNull().default(10),
    maxAlerts: integer('max_alerts').notNull().default(10),
    maxStorageBytes: bigint('max_storage_bytes', { mode: 'number' }).notNull().default(104_857_600),
  },
  (t) => [
    check('organizations_plan_known', sql`${t.plan} in ('free', 'starter', 'professional', 'enterprise')`),
    check('organizations_status_known', sql`${t.status} in ('active', 'trial', 'suspended', 'cancelled')`),
  ],
);

export const subscriptions = pgTable('subscriptions', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: organizationRef().unique(),
  status: text('status', { enum: ORGANIZATION_STATUSES }).notNull(),
  currentPeriodStart: instant('current_period_start').notNull(),
  currentPeriodEnd: instant('current_period_end').notNull(),
  billingEmail: text('billing_email').notNull(),
  paymentBrand: text('payment_brand').notNull(),
  paymentLast4: text('payment_last4').notNull(),
  paymentExpiryMonth: integer('payment_expiry_month').notNull(),
  paymentExpiryYear: integer('payment_expiry_year').notNull(),
});

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    status: text('status', { enum: MEMBER_STATUSES }).notNull().default('active'),
    joinedAt: instant('joined_at').notNull().defaultNow(),
    lastActiveAt: instant('last_active_at'),
  },
  (t) => [
    unique('memberships_organization_user').on(t.organizationId, t.userId),
    index('memberships_user').on(t.userId),
    check('memberships_role_known', sql`${t.role} in ('owner', 'admin', 'manager', 'operator', 'viewer')`),
  ],
);

export const INVITE_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;

export const invites = pgTable(
  'invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    email: text('email').notNull(),
    role: text('role', { enum: INVITE_ROLES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: instant('expires_at').notNull(),
    status: text('status', { enum: INVITE_STATUSES }).notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [index('invites_organization').on(t.organizationId)],
);

export const dashboards = pgTable(
  'dashboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationRef(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('dashboards_organization').on(t.organizationId)],
);

/** Tables whose rows belong to one organization; usage counts their bytes. */
export const TENANT_TABLES = [
  'organizations',
  'subscriptions',
  'memberships',
  'invites',
  'children',
  'attendance',
  'dashboards',
  'alerts',
  'organization_add_ons',
  'subscription_events',
] as const;
