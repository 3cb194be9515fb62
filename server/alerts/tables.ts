/** The alerts group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { ALERT_CATEGORIES, BANNER_ALERT_TYPES, type AlertMetadata } from '../../shared/alerts';
import {
  ALERT_SEVERITIES,
  ALERT_STATUSES,
  NO_DATA_STATES,
  RULE_SEVERITIES,
  RULE_STATUSES,
  type MetricId as AlertMetricId,
  type NotificationSettings,
  type RuleCondition,
  type RuleFilter,
  type RuleNotification,
  type SilenceMatcher,
} from '../../shared/alerting';
import { type NotifierState } from './policy';
import { createdAt, instant, updatedAt } from '../db/columns';
import { users } from '../users/tables';
import { organizations } from '../organizations/tables';

/** Alert severities and statuses of part 2 §4. */
export { ALERT_SEVERITIES, ALERT_STATUSES };

/**
 * The one alert model (part 2 §3, issue 12): an organization's alerts, the platform's (no organization:
 * rule alerts, system alerts and the business events of the banner), each with the rule and series that
 * raised it. `seq` orders the platform's alerts for the banner's stream (its event id).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull().unique(),
    /** Null for the platform's own alerts. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    severity: text('severity', { enum: ALERT_SEVERITIES }).notNull(),
    status: text('status', { enum: ALERT_STATUSES }).notNull().default('active'),
    category: text('category', { enum: ALERT_CATEGORIES }).notNull().default('technical'),
    source: text('source').notNull().default(''),
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    metrics: jsonb('metrics').$type<{ value: number; threshold: number; unit: string }>(),
    ruleId: uuid('rule_id').references((): AnyPgColumn => alertRules.id, { onDelete: 'set null' }),
    labels: jsonb('labels').$type<Record<string, string>>().notNull().default({}),
    /** The banner's kind of event (part 1 §2); derived from severity and category when null. */
    kind: text('kind', { enum: BANNER_ALERT_TYPES }),
    metadata: jsonb('metadata').$type<AlertMetadata>().notNull().default({}),
    resolvedAt: instant('resolved_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('alerts_organization').on(t.organizationId),
    index('alerts_rule').on(t.ruleId),
    index('alerts_created').on(t.createdAt),
  ],
);

/** An alert's transitions (part 2 §4): who, when, with what comment. */
export const alertTransitions = pgTable(
  'alert_transitions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ALERT_STATUSES }).notNull(),
    at: instant('at').notNull(),
    /** Null when the evaluation did it. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    comment: text('comment').notNull().default(''),
  },
  (t) => [index('alert_transitions_alert').on(t.alertId, t.at)],
);

/**
 * Alert rules (the alert rules screen, part 2 §3). `version` goes up on every edit: instances of an older
 * version are reset. `notifier` holds the rule's notification bookkeeping (server/alerts/policy.ts).
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: RULE_STATUSES }).notNull(),
    severity: text('severity', { enum: RULE_SEVERITIES }).notNull(),
    metric: text('metric').$type<AlertMetricId>().notNull(),
    condition: jsonb('condition').$type<RuleCondition>().notNull(),
    filters: jsonb('filters').$type<RuleFilter[]>().notNull().default([]),
    notifications: jsonb('notifications').$type<RuleNotification[]>().notNull().default([]),
    escalation: jsonb('escalation')
      .$type<{ enabled: boolean; steps: { delay: number; notifications: RuleNotification[] }[] }>()
      .notNull(),
    suppressionRules: jsonb('suppression_rules')
      .$type<{ enabled: boolean; duration: number; conditions: string[] }>()
      .notNull(),
    pendingSeconds: integer('pending_seconds').notNull().default(0),
    keepFiringSeconds: integer('keep_firing_seconds').notNull().default(0),
    noDataState: text('no_data_state', { enum: NO_DATA_STATES }).notNull().default('normal'),
    errorState: text('error_state', { enum: NO_DATA_STATES }).notNull().default('keep'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastTriggered: instant('last_triggered'),
    triggerCount: integer('trigger_count').notNull().default(0),
    notifier: jsonb('notifier').$type<NotifierState>(),
  },
  (t) => [index('alert_rules_status').on(t.status)],
);

/** One series (label set) of a rule and its evaluation state. */
export const alertRuleInstances = pgTable(
  'alert_rule_instances',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => alertRules.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    labels: jsonb('labels').$type<Record<string, string>>().notNull(),
    ruleVersion: integer('rule_version').notNull(),
    state: text('state', { enum: ['normal', 'pending', 'firing', 'recovering'] }).notNull(),
    since: instant('since').notNull(),
    activeAt: instant('active_at'),
    /** The value seen when the state last changed (rows are written only on a change). */
    value: doublePrecision('value'),
    health: text('health', { enum: ['ok', 'nodata', 'error'] }).notNull(),
    /** The alert raised when it fired, until it resolves. */
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    evaluatedAt: instant('evaluated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.fingerprint] })],
);

/** Each evaluation interval is claimed once, by the first instance to get here. */
export const alertEvaluationTicks = pgTable('alert_evaluation_ticks', {
  tickAt: instant('tick_at').primaryKey(),
  instanceId: text('instance_id').notNull(),
  rules: integer('rules'),
  finishedAt: instant('finished_at'),
});

/** Silences: matchers between two instants; the series they match are evaluated but not notified. */
export const alertSilences = pgTable('alert_silences', {
  id: uuid('id').primaryKey().defaultRandom(),
  matchers: jsonb('matchers').$type<SilenceMatcher[]>().notNull(),
  startsAt: instant('starts_at').notNull(),
  endsAt: instant('ends_at').notNull(),
  comment: text('comment').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdByName: text('created_by_name').notNull(),
  createdAt: createdAt(),
});

/** Recurring maintenance windows (UTC weekdays and start, a length): mute like a silence, every week. */
export const maintenanceWindows = pgTable('maintenance_windows', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  weekdays: integer('weekdays').array().notNull(),
  start: text('start').notNull(),
  minutes: integer('minutes').notNull(),
  matchers: jsonb('matchers').$type<SilenceMatcher[]>().notNull().default([]),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** The Notification Settings tab of /alerts, per user. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<NotificationSettings>().notNull(),
  updatedAt: updatedAt(),
});

export const NOTIFICATION_OUTCOMES = ['sent', 'failed', 'retrying', 'muted', 'suppressed', 'held'] as const;

/** Every notification a rule sent, dropped or held, per target: what was told to whom. */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ruleId: uuid('rule_id').references(() => alertRules.id, { onDelete: 'cascade' }),
    alertIds: uuid('alert_ids').array().notNull(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    target: text('target').notNull(),
    outcome: text('outcome', { enum: NOTIFICATION_OUTCOMES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('alert_notifications_rule').on(t.ruleId, t.createdAt)],
);
