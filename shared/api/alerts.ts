import { z } from 'zod';
import {
  NOTIFICATION_TYPES,
  RULE_STATUSES,
  alert,
  alertRule,
  maintenanceWindowInput,
  notificationSettings,
  ruleInput,
  silenceInput,
} from '../alerting';
import { streamedAlert } from '../alerts';
import { defineEndpoint } from './endpoint';

const alertParams = z.object({ alertId: z.uuid() });
const ruleParams = z.object({ ruleId: z.uuid() });
const idParams = z.object({ id: z.uuid() });
const comment = z.string().trim().max(1000);

/** Alert stats of part 2 §3; `avgResolutionTime` in minutes, null before any alert was resolved. */
export const alertStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  critical: z.number().int(),
  resolved: z.number().int(),
  avgResolutionTime: z.number().nullable(),
});
export type AlertStats = z.infer<typeof alertStats>;

export const alertList = z.object({ alerts: z.array(alert), stats: alertStats });
export type AlertList = z.infer<typeof alertList>;

export const silence = silenceInput.safeExtend({
  id: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type Silence = z.infer<typeof silence>;
export const maintenanceWindow = maintenanceWindowInput.extend({ id: z.string() });
export type MaintenanceWindow = z.infer<typeof maintenanceWindow>;

/** What a rule would have said over the last hour, one point a minute, per series. */
export const rulePreview = z.object({
  series: z.array(
    z.object({
      labels: z.record(z.string(), z.string()),
      points: z.array(z.object({ at: z.string(), value: z.number().nullable(), state: z.string() })),
      transitions: z.array(z.object({ at: z.string(), kind: z.enum(['fired', 'resolved']) })),
    }),
  ),
  summary: z.string(),
});
export type RulePreview = z.infer<typeof rulePreview>;

/** The notification channels of the alert rules screen, as configured now. */
export const alertChannel = z.object({
  type: z.enum([...NOTIFICATION_TYPES, 'sms']),
  name: z.string(),
  configured: z.boolean(),
  detail: z.string(),
  /** The rules that notify through it. */
  rules: z.number().int(),
});
export type AlertChannel = z.infer<typeof alertChannel>;

export const testChannelBody = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  target: z.string().trim().max(500),
});
export const testChannelResult = z.object({ sent: z.boolean(), message: z.string() });

/**
 * The alert banner's event stream (part 1 §2) on Client B's gateway: Server-Sent Events, each event's
 * data one alert. On connect the newest alerts are replayed as `recent` events; a client that sends
 * `Last-Event-ID` gets those after it as `alert` events instead (it missed them live). Then each new alert
 * comes as an `alert` event. Event ids are the alerts' sequence numbers; a comment line every 15 s.
 */
export const alertEndpoints = {
  stream: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/alerts/stream',
    summary: 'Banner alerts as Server-Sent Events: the newest replayed, then each new one',
    data: streamedAlert,
    auth: 'token',
    permission: 'alerts.read',
    stream: 'sse',
  }),
  listAlerts: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/alerts',
    summary: "The platform's alerts, newest first, with their history, and the KPI cards' stats",
    data: alertList,
    auth: 'token',
    permission: 'alerts.read',
  }),
  acknowledgeAlert: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alerts/:alertId/acknowledge',
    summary: 'Acknowledge with a comment: stops repeats and escalation; a resolved alert stays resolved',
    params: alertParams,
    body: z.object({ comment: comment.min(1, 'Add a comment to acknowledge the alert') }),
    data: alert,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'UPDATE', resource: 'alert', severity: 'medium', resourceParam: 'alertId' },
  }),
  resolveAlert: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alerts/:alertId/resolve',
    summary: 'Resolve by hand',
    params: alertParams,
    body: z.object({ comment: comment.default('') }),
    data: alert,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'UPDATE', resource: 'alert', severity: 'medium', resourceParam: 'alertId' },
  }),
  suppressAlert: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alerts/:alertId/suppress',
    summary: 'Suppress: no more notifications for it, the series is still evaluated',
    params: alertParams,
    body: z.object({ comment: comment.default('') }),
    data: alert,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'UPDATE', resource: 'alert', severity: 'medium', resourceParam: 'alertId' },
  }),
  assignAlert: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alerts/:alertId/assign',
    summary: 'Assign to a user, or unassign (null)',
    params: alertParams,
    body: z.object({ userId: z.uuid().nullable() }),
    data: alert,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'UPDATE', resource: 'alert', severity: 'low', resourceParam: 'alertId' },
  }),
  getNotificationSettings: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/alerts/notification-settings',
    summary: "The caller's Notification Settings (channels, quiet hours, escalation delay, grouping window)",
    data: notificationSettings.extend({ smsProviderConfigured: z.boolean() }),
    auth: 'token',
    permission: 'alerts.read',
  }),
  saveNotificationSettings: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/alerts/notification-settings',
    summary: "Save the caller's Notification Settings",
    body: notificationSettings,
    data: notificationSettings.extend({ smsProviderConfigured: z.boolean() }),
    auth: 'token',
    permission: 'alerts.read',
    audit: { action: 'UPDATE', resource: 'notification_settings', severity: 'low' },
  }),
  listRules: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/alert-rules',
    summary: 'Every alert rule, newest first',
    data: z.array(alertRule),
    auth: 'token',
    permission: 'alerts.read',
  }),
  createRule: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alert-rules',
    summary: 'Create an alert rule (validated)',
    body: ruleInput,
    data: alertRule,
    auth: 'token',
    permission: 'alerts.create',
    audit: { action: 'CREATE', resource: 'alert_rule', severity: 'medium' },
  }),
  updateRule: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/alert-rules/:ruleId',
    summary: 'Change an alert rule: its series start over',
    params: ruleParams,
    body: ruleInput,
    data: alertRule,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'UPDATE', resource: 'alert_rule', severity: 'medium', resourceParam: 'ruleId' },
  }),
  setRuleStatus: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alert-rules/:ruleId/status',
    summary: 'Pause or activate a rule',
    params: ruleParams,
    body: z.object({ status: z.enum(RULE_STATUSES) }),
    data: alertRule,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'UPDATE', resource: 'alert_rule', severity: 'medium', resourceParam: 'ruleId' },
  }),
  duplicateRule: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alert-rules/:ruleId/duplicate',
    summary: 'Copy a rule as a draft',
    params: ruleParams,
    data: alertRule,
    auth: 'token',
    permission: 'alerts.create',
    audit: { action: 'CREATE', resource: 'alert_rule', severity: 'low', resourceParam: 'ruleId' },
  }),
  deleteRule: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/alert-rules/:ruleId',
    summary: 'Delete a rule; its alerts stay, without their rule',
    params: ruleParams,
    data: z.object({ deleted: z.literal(true) }),
    auth: 'token',
    permission: 'alerts.delete',
    audit: { action: 'DELETE', resource: 'alert_rule', severity: 'medium', resourceParam: 'ruleId' },
  }),
  previewRule: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alert-rules/preview',
    summary: 'What a rule would say over the last hour of data, minute by minute (changes nothing)',
    body: ruleInput,
    data: rulePreview,
    auth: 'token',
    permission: 'alerts.read',
    audit: { exempt: 'a preview reads the signals and changes nothing' },
  }),
  listChannels: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/alert-channels',
    summary: 'The notification channels (email, chat, webhook, SMS) and whether each is configured',
    data: z.array(alertChannel),
    auth: 'token',
    permission: 'alerts.read',
  }),
  testChannel: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alert-channels/test',
    summary: 'Send a real test notification through a channel',
    body: testChannelBody,
    data: testChannelResult,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'CREATE', resource: 'alert_test_notification', severity: 'low' },
  }),
  listSilences: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/alert-silences',
    summary: 'Silences not yet ended',
    data: z.array(silence),
    auth: 'token',
    permission: 'alerts.read',
  }),
  createSilence: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alert-silences',
    summary: 'Mute the notifications of the matching series between two instants',
    body: silenceInput,
    data: silence,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'CREATE', resource: 'alert_silence', severity: 'medium' },
  }),
  deleteSilence: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/alert-silences/:id',
    summary: 'End a silence now',
    params: idParams,
    data: z.object({ deleted: z.literal(true) }),
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'DELETE', resource: 'alert_silence', severity: 'medium', resourceParam: 'id' },
  }),
  listMaintenanceWindows: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/alert-maintenance-windows',
    summary: 'Recurring maintenance windows',
    data: z.array(maintenanceWindow),
    auth: 'token',
    permission: 'alerts.read',
  }),
  createMaintenanceWindow: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/alert-maintenance-windows',
    summary: 'Add a recurring maintenance window',
    body: maintenanceWindowInput,
    data: maintenanceWindow,
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'CREATE', resource: 'maintenance_window', severity: 'medium' },
  }),
  deleteMaintenanceWindow: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/alert-maintenance-windows/:id',
    summary: 'Remove a maintenance window',
    params: idParams,
    data: z.object({ deleted: z.literal(true) }),
    auth: 'token',
    permission: 'alerts.update',
    audit: { action: 'DELETE', resource: 'maintenance_window', severity: 'medium', resourceParam: 'id' },
  }),
} as const;
