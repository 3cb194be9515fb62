import { METRICS, type RuleNotification } from '../../shared/alerting';
import { RULE_TEMPLATES } from '../../shared/alert-templates';
import type { Db } from '../db/client';
import { alertRules, alerts, alertTransitions, maintenanceWindows } from '../db/schema';
import { DEMO_USERS } from './demo-users';

const MINUTE = 60_000;
const DAY = 1_440 * MINUTE;

export const DEMO_MAINTENANCE_WINDOW = {
  name: 'Database maintenance',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  start: '02:00',
  minutes: 60,
  matchers: [{ label: 'metric', operator: '==' as const, value: 'db_round_trip' }],
};

/** Deterministic UUIDs for the demo rules, so the history can name them. */
const ruleId = (i: number) => `00000000-0000-4000-a000-0000000000${String(10 + i)}`;

/**
 * The demo's alert rules (issue 12): the templates made active, notifying the operations mailbox, and a
 * few weeks of history: alerts that fired, were acknowledged with a comment and resolved.
 */
export async function insertDemoAlerting(db: Db, now: number): Promise<void> {
  const owner = DEMO_USERS.find((u) => u.role === 'super_admin') ?? DEMO_USERS[0]!;
  // The nightly database maintenance the banner's "Scheduled Maintenance" announces (alerts/demo.ts):
  // it holds back the database rules' notifications meanwhile.
  await db.insert(maintenanceWindows).values({
    ...DEMO_MAINTENANCE_WINDOW,
    createdBy: owner.id,
    createdAt: new Date(now - 30 * DAY),
  });
  const email: RuleNotification = { type: 'email', target: 'ops@brightsteps.example' };
  const history = [
    { rule: 0, daysAgo: 12, minutes: 34, value: 742, comment: 'Slow report queries; index added' },
    { rule: 0, daysAgo: 3, minutes: 18, value: 611, comment: 'Deploy warm-up, watching' },
    { rule: 1, daysAgo: 8, minutes: 52, value: 4.6, comment: 'Upstream payment provider outage' },
    { rule: 2, daysAgo: 5, minutes: 11, value: 17, comment: 'Credential stuffing from one range; blocked' },
    { rule: 4, daysAgo: 2, minutes: 95, value: 91.4, comment: 'Expected month-end load; budget reviewed' },
  ];
  await db.insert(alertRules).values(
    RULE_TEMPLATES.map((t, i) => {
      const fired = history.filter((h) => h.rule === i);
      const last = fired.map((h) => now - h.daysAgo * DAY).sort((a, b) => b - a)[0];
      return {
        id: ruleId(i),
        ...t.rule,
        description: t.rule.description || `${t.rule.name} (demo rule).`,
        status: 'active' as const,
        notifications: [email],
        createdBy: owner.id,
        createdByName: owner.name,
        createdAt: new Date(now - 30 * DAY),
        updatedAt: new Date(now - 30 * DAY),
        lastTriggered: last === undefined ? null : new Date(last),
        triggerCount: fired.length,
      };
    }),
  );
  for (const h of history) {
    const t = RULE_TEMPLATES[h.rule]!;
    const firedAt = new Date(now - h.daysAgo * DAY);
    const ackAt = new Date(firedAt.getTime() + Math.min(10, h.minutes / 2) * MINUTE);
    const resolvedAt = new Date(firedAt.getTime() + h.minutes * MINUTE);
    const [row] = await db
      .insert(alerts)
      .values({
        title: t.rule.name,
        description: `${METRICS[t.rule.metric].label}: ${h.value} ${METRICS[t.rule.metric].unit}`,
        severity: t.rule.severity,
        status: 'resolved',
        category:
          t.rule.metric === 'failed_sign_ins'
            ? 'security'
            : t.rule.metric === 'cloud_cost_vs_budget'
              ? 'business'
              : 'technical',
        source: `Alert rule: ${t.rule.name}`,
        tags: [t.rule.metric],
        metrics: { value: h.value, threshold: t.rule.condition.threshold, unit: METRICS[t.rule.metric].unit },
        ruleId: ruleId(h.rule),
        labels: {},
        resolvedAt,
        createdAt: firedAt,
        updatedAt: resolvedAt,
      })
      .returning({ id: alerts.id });
    await db.insert(alertTransitions).values([
      { alertId: row!.id, status: 'active', at: firedAt, userName: 'Alert evaluation' },
      {
        alertId: row!.id,
        status: 'acknowledged',
        at: ackAt,
        userId: owner.id,
        userName: owner.name,
        comment: h.comment,
      },
      { alertId: row!.id, status: 'resolved', at: resolvedAt, userName: 'Alert evaluation' },
    ]);
  }
}
