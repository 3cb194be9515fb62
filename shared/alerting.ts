import { z } from 'zod';
import { ALERT_CATEGORIES } from './alerts';

/**
 * Alerting (issue 12): the alert of part 2 §3, the rule of the alert rules screen, silences, maintenance
 * windows and the per-user Notification Settings, shared by the server, main and the renderer.
 */

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_STATUSES = ['active', 'acknowledged', 'resolved', 'suppressed'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

export const RULE_STATUSES = ['active', 'paused', 'draft'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];
/** The rules screen's severity filter offers these (part 2 §2); a rule may not be `info`. */
export const RULE_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;
export const RULE_OPERATORS = ['>', '>=', '<', '<=', '==', '!='] as const;
export type RuleOperator = (typeof RULE_OPERATORS)[number];
export const AGGREGATIONS = ['avg', 'max', 'min', 'sum', 'count', 'p95', 'p99'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const TIME_WINDOWS = ['1m', '5m', '10m', '15m', '30m', '1h'] as const;
export type TimeWindow = (typeof TIME_WINDOWS)[number];
export const NOTIFICATION_TYPES = ['email', 'slack', 'webhook'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
/** What a series without data, or a failed evaluation, counts as (Grafana's "no data" / "error" states). */
export const NO_DATA_STATES = ['alerting', 'normal', 'keep'] as const;
export type NoDataState = (typeof NO_DATA_STATES)[number];

export const WINDOW_MINUTES: Record<TimeWindow, number> = {
  '1m': 1,
  '5m': 5,
  '10m': 10,
  '15m': 15,
  '30m': 30,
  '1h': 60,
};

/** Part 2 §9: the preference options of the Notification Settings tab. */
export const QUIET_HOURS = { start: '22:00', end: '08:00' } as const;
export const ESCALATION_DELAYS_MINUTES = [5, 15, 30, 60] as const;
export const GROUPING_WINDOWS_MINUTES = [1, 5, 15, 30] as const;

/**
 * The metrics a rule may watch. `labels` names the label a metric's series carry (one series per value),
 * or none for a single platform-wide series. `aggregations` lists those that make sense for it.
 */
export const METRICS = {
  request_rate: { label: 'Request rate', unit: 'req/min', labels: ['route'] },
  error_rate: { label: 'Error rate', unit: '%', labels: ['route'] },
  latency: { label: 'Response time', unit: 'ms', labels: ['route'] },
  cpu: { label: 'CPU', unit: '%', labels: ['instance'] },
  memory: { label: 'Memory', unit: '%', labels: ['instance'] },
  event_loop_delay: { label: 'Event-loop delay (p99)', unit: 'ms', labels: ['instance'] },
  db_round_trip: { label: 'Database round trip', unit: 'ms', labels: ['instance'] },
  job_failures: { label: 'Job failures', unit: 'jobs', labels: ['instance'] },
  disk_free: { label: 'Disk free', unit: '%', labels: ['instance'] },
  failed_sign_ins: { label: 'Failed sign-ins', unit: 'attempts', labels: [] },
  mrr_change: { label: 'MRR change (30 days)', unit: '%', labels: [] },
  new_trials: { label: 'New trials', unit: 'trials', labels: [] },
  churned_customers: { label: 'Churned customers', unit: 'customers', labels: [] },
  cloud_cost_vs_budget: { label: 'Cloud cost vs budget', unit: '%', labels: ['budget'] },
} as const satisfies Record<string, { label: string; unit: string; labels: readonly string[] }>;
export type MetricId = keyof typeof METRICS;
export const METRIC_IDS = Object.keys(METRICS) as [MetricId, ...MetricId[]];

const trimmed = (max: number, what: string) =>
  z.string().trim().max(max, `${what} must be at most ${max} characters`);

export const ruleCondition = z.object({
  operator: z.enum(RULE_OPERATORS),
  threshold: z.number({ error: 'The threshold must be a number' }).finite('The threshold must be a number'),
  aggregation: z.enum(AGGREGATIONS),
  timeWindow: z.enum(TIME_WINDOWS),
});
export type RuleCondition = z.infer<typeof ruleCondition>;

export const ruleFilter = z.object({
  field: trimmed(60, 'A filter field').min(1, 'A filter needs a field'),
  operator: z.enum(['==', '!=']),
  value: trimmed(200, 'A filter value'),
});
export type RuleFilter = z.infer<typeof ruleFilter>;

const emailTarget = z.email('An email notification needs a valid address');
const urlTarget = z.url({ protocol: /^https?$/, error: 'A webhook notification needs an http(s) URL' });
/**
 * A generic webhook target names a webhook integration (its id): the notification is one of its signed,
 * retried deliveries. A URL is what rules stored before; it is still posted as a plain JSON POST.
 */
const webhookTarget = z.union([z.uuid(), urlTarget], {
  error: 'A webhook notification needs a webhook integration or an http(s) URL',
});
export const isIntegrationTarget = (target: string) => z.uuid().safeParse(target).success;

export const ruleNotification = z
  .object({ type: z.enum(NOTIFICATION_TYPES), target: z.string().trim().max(500) })
  .superRefine((n, ctx) => {
    // A slack target may be left blank: the chat webhook of System Settings is used then.
    const check =
      n.type === 'email' ? emailTarget : n.type === 'webhook' ? webhookTarget : n.target ? urlTarget : null;
    const result = check?.safeParse(n.target);
    if (result && !result.success)
      ctx.addIssue({ code: 'custom', path: ['target'], message: result.error.issues[0]?.message ?? '' });
  });
export type RuleNotification = z.infer<typeof ruleNotification>;

export const escalationStep = z.object({
  delay: z
    .number()
    .int('Escalation delays are whole minutes')
    .min(1, 'An escalation delay is at least 1 minute')
    .max(1440),
  notifications: z.array(ruleNotification).min(1, 'An escalation step needs a notification').max(10),
});

export const ruleInput = z
  .object({
    name: trimmed(120, 'The name').min(1, 'The rule needs a name'),
    description: trimmed(1000, 'The description').default(''),
    status: z.enum(RULE_STATUSES),
    severity: z.enum(RULE_SEVERITIES),
    metric: z.enum(METRIC_IDS),
    condition: ruleCondition,
    filters: z.array(ruleFilter).max(10).default([]),
    notifications: z.array(ruleNotification).max(10).default([]),
    escalation: z
      .object({ enabled: z.boolean(), steps: z.array(escalationStep).max(5) })
      .default({ enabled: false, steps: [] }),
    suppressionRules: z
      .object({
        enabled: z.boolean(),
        duration: z.number().int().min(0, 'The suppression duration cannot be negative').max(86_400),
        conditions: z.array(z.string().trim().max(200)).max(10),
      })
      .default({ enabled: false, duration: 0, conditions: [] }),
    /** How long the condition must hold before firing; 0 fires at once. */
    pendingSeconds: z.number().int().min(0).max(86_400).default(0),
    /** How long a firing alert keeps firing after the condition cleared. */
    keepFiringSeconds: z.number().int().min(0).max(86_400).default(0),
    noDataState: z.enum(NO_DATA_STATES).default('normal'),
    errorState: z.enum(NO_DATA_STATES).default('keep'),
  })
  .superRefine((rule, ctx) => {
    if (rule.status === 'active' && rule.notifications.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['notifications'],
        message: 'An active rule needs at least one notification',
      });
    if (rule.escalation.enabled && rule.escalation.steps.length === 0)
      ctx.addIssue({ code: 'custom', path: ['escalation'], message: 'Escalation needs at least one step' });
    const labels: readonly string[] = METRICS[rule.metric].labels;
    rule.filters.forEach((f, i) => {
      if (!labels.includes(f.field))
        ctx.addIssue({
          code: 'custom',
          path: ['filters', i, 'field'],
          message: labels.length
            ? `${METRICS[rule.metric].label} can be filtered by ${labels.join(', ')} only`
            : `${METRICS[rule.metric].label} has no labels to filter by`,
        });
    });
  });
export type RuleInput = z.infer<typeof ruleInput>;

/** A rule's state now: the most urgent of its series' (Grafana's rule state); a rule not evaluated is normal. */
export const RULE_STATES = ['normal', 'pending', 'firing', 'recovering'] as const;
export type RuleState = (typeof RULE_STATES)[number];

export const alertRule = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(RULE_STATUSES),
  severity: z.enum(RULE_SEVERITIES),
  metric: z.enum(METRIC_IDS),
  condition: ruleCondition,
  filters: z.array(ruleFilter),
  notifications: z.array(ruleNotification),
  escalation: z.object({ enabled: z.boolean(), steps: z.array(escalationStep) }),
  suppressionRules: z.object({ enabled: z.boolean(), duration: z.number(), conditions: z.array(z.string()) }),
  pendingSeconds: z.number(),
  keepFiringSeconds: z.number(),
  noDataState: z.enum(NO_DATA_STATES),
  errorState: z.enum(NO_DATA_STATES),
  createdBy: z.string(),
  createdAt: z.string(),
  lastTriggered: z.string().nullable(),
  triggerCount: z.number().int(),
  state: z.enum(RULE_STATES),
});
export type AlertRule = z.infer<typeof alertRule>;

export const alertTransition = z.object({
  status: z.enum(ALERT_STATUSES),
  at: z.string(),
  by: z.string().nullable(),
  byName: z.string(),
  comment: z.string(),
});
export type AlertTransition = z.infer<typeof alertTransition>;

/** The alert of part 2 §3, with the rule and series that raised it and its history. */
export const alert = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  severity: z.enum(ALERT_SEVERITIES),
  status: z.enum(ALERT_STATUSES),
  category: z.enum(ALERT_CATEGORIES),
  timestamp: z.string(),
  source: z.string(),
  assignedTo: z.string().nullable(),
  tags: z.array(z.string()),
  metrics: z.object({ value: z.number(), threshold: z.number(), unit: z.string() }).nullable(),
  ruleId: z.string().nullable(),
  labels: z.record(z.string(), z.string()),
  resolvedAt: z.string().nullable(),
  history: z.array(alertTransition),
});
export type Alert = z.infer<typeof alert>;

export const silenceMatcher = z.object({
  label: z.string().trim().min(1).max(60),
  operator: z.enum(['==', '!=']),
  value: z.string().max(200),
});
export type SilenceMatcher = z.infer<typeof silenceMatcher>;

/** Mutes notifications of the series it matches between two instants; the state is still evaluated. */
export const silenceInput = z
  .object({
    matchers: z.array(silenceMatcher).min(1, 'A silence needs at least one matcher').max(10),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }),
    comment: z.string().trim().min(1, 'A silence needs a comment').max(500),
  })
  .refine((s) => Date.parse(s.endsAt) > Date.parse(s.startsAt), {
    path: ['endsAt'],
    message: 'A silence must end after it starts',
  });
export type SilenceInput = z.infer<typeof silenceInput>;

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Times are HH:MM');

/** A recurring maintenance window (UTC): on the given weekdays (0 = Sunday) from `start` for `minutes`. */
export const maintenanceWindowInput = z.object({
  name: z.string().trim().min(1, 'A maintenance window needs a name').max(120),
  weekdays: z.array(z.number().int().min(0).max(6)).min(1, 'Pick at least one day').max(7),
  start: clock,
  minutes: z.number().int().min(1).max(1440),
  matchers: z.array(silenceMatcher).max(10).default([]),
});
export type MaintenanceWindowInput = z.infer<typeof maintenanceWindowInput>;

/** The Notification Settings tab of /alerts (part 2 §2, §9), per user. */
export const notificationSettings = z.object({
  channels: z.object({ email: z.boolean(), sms: z.boolean(), chat: z.boolean() }),
  quietHours: z.boolean(),
  escalationDelayMinutes: z.union(ESCALATION_DELAYS_MINUTES.map((m) => z.literal(m))),
  groupingWindowMinutes: z.union(GROUPING_WINDOWS_MINUTES.map((m) => z.literal(m))),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  channels: { email: true, sms: false, chat: true },
  quietHours: false,
  escalationDelayMinutes: 15,
  groupingWindowMinutes: 5,
};

export const SMS_NOT_CONFIGURED = 'SMS provider not configured';

/** "> 500 ms (p95 over 5m)": a rule's condition as the cards show it. */
export function conditionText(rule: Pick<AlertRule, 'metric' | 'condition'>): string {
  const { operator, threshold, aggregation, timeWindow } = rule.condition;
  return `${METRICS[rule.metric].label} ${aggregation} over ${timeWindow} ${operator} ${threshold} ${METRICS[rule.metric].unit}`;
}

/** Part 2 §9: alerts' relative times in minutes, hours, days. */
export function alertAge(timestamp: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(timestamp)) / 60_000));
  if (minutes < 60) return `${minutes}m ago`;
  if (minutes < 1440) return `${Math.floor(minutes / 60)}h ago`;
  return `${Math.floor(minutes / 1440)}d ago`;
}

/** Part 2 §9: the average resolution time, given in minutes, shown as hours and minutes. */
export function hoursAndMinutes(minutes: number): string {
  const total = Math.round(minutes);
  return `${Math.floor(total / 60)}h ${total % 60}m`;
}
