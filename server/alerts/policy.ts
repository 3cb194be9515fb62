import type { AlertStatus, NotificationSettings, RuleNotification, AlertRule } from '../../shared/alerting';
import { quietHoursEnd } from './mute';

/**
 * Who is told what, and when, for one rule in one evaluation tick. Pure: the evaluation job loads the
 * rule's notifier state, calls `planNotifications`, stores the state it answers and sends what it says.
 *
 * - Grouping: alerts of the rule firing or resolving within the grouping window (from the first of them)
 *   go out as one notification when it ends.
 * - Repeat: an alert still active (not acknowledged, not suppressed by hand) is notified again every
 *   escalation delay of the owner's settings.
 * - Escalation: each step of the rule goes out once, `delay` minutes after the alert fired, while it is
 *   still active.
 * - Suppression: after a notification, the rule's next ones are dropped for `duration` seconds (resolved
 *   ones still go, so nobody is left believing an alert still fires).
 * - Silences and maintenance windows (`muted`) drop the notifications of the series they match.
 * - Whose Notification Settings decide (`settingsFor`): an email to a console user follows that user's
 *   own settings (their email toggle, their quiet hours); every other target — the rule's shared
 *   channels: a chat channel, a webhook, a mailbox that is no user's — follows the rule owner's (chat
 *   needs `chat`, email needs `email`; webhooks always go). Grouping and repeats are the owner's.
 * - Quiet hours (22:00–08:00 on the platform's timezone) hold non-critical notifications until 08:00,
 *   for the targets whose settings have them on.
 */
export type OutgoingKind = 'firing' | 'resolved' | 'repeat' | 'escalation';

export interface Outgoing {
  kind: OutgoingKind;
  alertIds: string[];
  targets: RuleNotification[];
}

export interface HeldOutgoing extends Outgoing {
  releaseAt: number;
}

export interface NotifierState {
  group: { openedAt: number; firing: string[]; resolved: string[] } | null;
  held: HeldOutgoing[];
  suppressedUntil: number | null;
  /** Per open alert: when it was last notified, and how many escalation steps went out. */
  alerts: Record<string, { lastNotifiedAt: number | null; escalationsSent: number }>;
}

export const EMPTY_NOTIFIER_STATE: NotifierState = {
  group: null,
  held: [],
  suppressedUntil: null,
  alerts: {},
};

export interface OpenAlert {
  id: string;
  labels: Record<string, string>;
  firedAt: number;
  status: Exclude<AlertStatus, 'resolved'>;
}

export interface PlanInput {
  now: number;
  rule: Pick<AlertRule, 'severity' | 'notifications' | 'escalation' | 'suppressionRules'>;
  /** The rule owner's: grouping, repeats, and the rule's shared channels. */
  settings: NotificationSettings;
  /** The settings of whoever a target reaches; the owner's (`settings`) when absent or undefined. */
  settingsFor?: (target: RuleNotification) => NotificationSettings | undefined;
  /** The platform's timezone (IANA), for quiet hours. */
  timeZone: string;
  /** This tick's transitions, from the state machine. */
  events: { alertId: string; kind: 'fired' | 'resolved'; labels: Record<string, string> }[];
  /** The rule's alerts not resolved, after this tick's transitions. */
  open: OpenAlert[];
  muted: (labels: Record<string, string>) => boolean;
  state: NotifierState;
}

export interface Plan {
  send: Outgoing[];
  /** Dropped by a silence or a maintenance window. */
  muted: Outgoing[];
  /** Dropped by the rule's suppression. */
  suppressed: Outgoing[];
  held: HeldOutgoing[];
  state: NotifierState;
}

const MINUTE_MS = 60_000;

export function planNotifications(input: PlanInput): Plan {
  const { now, rule, settings } = input;
  const state: NotifierState = {
    group: input.state.group
      ? {
          ...input.state.group,
          firing: [...input.state.group.firing],
          resolved: [...input.state.group.resolved],
        }
      : null,
    held: [],
    suppressedUntil: input.state.suppressedUntil,
    alerts: Object.fromEntries(Object.entries(input.state.alerts).map(([id, book]) => [id, { ...book }])),
  };
  const plan: Plan = { send: [], muted: [], suppressed: [], held: [], state };
  const labelsOf = new Map<string, Record<string, string>>();
  for (const a of input.open) labelsOf.set(a.id, a.labels);
  for (const e of input.events) labelsOf.set(e.alertId, e.labels);

  const candidates: Outgoing[] = [];
  for (const e of input.events) {
    state.group ??= { openedAt: now, firing: [], resolved: [] };
    if (e.kind === 'fired') {
      state.group.firing.push(e.alertId);
      state.alerts[e.alertId] = { lastNotifiedAt: null, escalationsSent: 0 };
    } else {
      state.group.firing = state.group.firing.filter((id) => id !== e.alertId);
      state.group.resolved.push(e.alertId);
    }
  }
  if (state.group && now >= state.group.openedAt + settings.groupingWindowMinutes * MINUTE_MS) {
    const { firing, resolved } = state.group;
    if (firing.length) candidates.push({ kind: 'firing', alertIds: firing, targets: rule.notifications });
    if (resolved.length)
      candidates.push({ kind: 'resolved', alertIds: resolved, targets: rule.notifications });
    state.group = null;
  }

  const repeatMs = settings.escalationDelayMinutes * MINUTE_MS;
  const repeats: string[] = [];
  for (const alert of input.open) {
    const book = state.alerts[alert.id];
    if (!book || alert.status !== 'active') continue;
    if (book.lastNotifiedAt !== null && now - book.lastNotifiedAt >= repeatMs) repeats.push(alert.id);
    if (!rule.escalation.enabled) continue;
    let step = rule.escalation.steps[book.escalationsSent];
    while (step && now >= alert.firedAt + step.delay * MINUTE_MS) {
      candidates.push({ kind: 'escalation', alertIds: [alert.id], targets: step.notifications });
      book.escalationsSent += 1;
      step = rule.escalation.steps[book.escalationsSent];
    }
  }
  if (repeats.length) candidates.push({ kind: 'repeat', alertIds: repeats, targets: rule.notifications });

  const settingsOf = (target: RuleNotification) => input.settingsFor?.(target) ?? settings;
  const quietEnd = rule.severity === 'critical' ? null : quietHoursEnd(now, input.timeZone);
  for (const held of input.state.held) {
    if (now >= held.releaseAt)
      deliver(plan, { kind: held.kind, alertIds: held.alertIds, targets: held.targets });
    else state.held.push(held);
  }
  for (const candidate of candidates) {
    const audible = candidate.alertIds.filter((id) => !input.muted(labelsOf.get(id) ?? {}));
    const silent = candidate.alertIds.filter((id) => !audible.includes(id));
    if (silent.length) plan.muted.push({ ...candidate, alertIds: silent });
    if (!audible.length) continue;
    const outgoing = {
      ...candidate,
      alertIds: audible,
      targets: candidate.targets.filter((t) => channelOn(t, settingsOf(t))),
    };
    const suppression = rule.suppressionRules;
    if (outgoing.kind !== 'resolved' && state.suppressedUntil !== null && now < state.suppressedUntil) {
      plan.suppressed.push(outgoing);
      continue;
    }
    if (outgoing.kind !== 'resolved') {
      for (const id of audible) {
        const book = state.alerts[id];
        if (book) book.lastNotifiedAt = now;
      }
      if (suppression.enabled && suppression.duration > 0)
        state.suppressedUntil = now + suppression.duration * 1000;
    }
    const quiet = quietEnd === null ? [] : outgoing.targets.filter((t) => settingsOf(t).quietHours);
    if (quiet.length && quietEnd !== null) {
      const held = { ...outgoing, targets: quiet, releaseAt: quietEnd };
      state.held.push(held);
      plan.held.push(held);
    }
    deliver(plan, { ...outgoing, targets: outgoing.targets.filter((t) => !quiet.includes(t)) });
  }
  for (const e of input.events) if (e.kind === 'resolved') delete state.alerts[e.alertId];
  return plan;
}

function deliver(plan: Plan, outgoing: Outgoing) {
  if (outgoing.targets.length) plan.send.push(outgoing);
}

function channelOn(target: RuleNotification, settings: NotificationSettings): boolean {
  return target.type === 'email'
    ? settings.channels.email
    : target.type === 'slack'
      ? settings.channels.chat
      : true;
}
