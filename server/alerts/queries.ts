import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Alert, AlertRule, RuleState } from '../../shared/alerting';
import type { AlertStats } from '../../shared/api/alerts';
import type { Db } from '../db/client';
import { alertRuleInstances, alertRules, alerts, alertTransitions, users } from '../db/schema';
import { rows } from '../db/results';

/** The alerts screen lists the newest of the platform's alerts. */
export const ALERT_LIST_LIMIT = 500;

type AlertRow = typeof alerts.$inferSelect;
type RuleRow = typeof alertRules.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function alertsWithHistory(db: Db, where = isNull(alerts.organizationId)): Promise<Alert[]> {
  const found = await db
    .select({ alert: alerts, assignee: users.name })
    .from(alerts)
    .leftJoin(users, eq(users.id, alerts.assignedTo))
    .where(where)
    .orderBy(desc(alerts.createdAt), desc(alerts.seq))
    .limit(ALERT_LIST_LIMIT);
  const ids = found.map((f) => f.alert.id);
  const history = ids.length
    ? await db
        .select()
        .from(alertTransitions)
        .where(inArray(alertTransitions.alertId, ids))
        .orderBy(asc(alertTransitions.at))
    : [];
  const byAlert = new Map<string, (typeof history)[number][]>();
  for (const h of history) byAlert.set(h.alertId, [...(byAlert.get(h.alertId) ?? []), h]);
  return found.map(({ alert, assignee }) => toAlert(alert, assignee, byAlert.get(alert.id) ?? []));
}

export async function alertById(db: Db, id: string): Promise<Alert | undefined> {
  const [found] = await alertsWithHistory(db, eq(alerts.id, id));
  return found;
}

function toAlert(
  row: AlertRow,
  assignee: string | null,
  history: (typeof alertTransitions.$inferSelect)[],
): Alert {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    severity: row.severity,
    status: row.status,
    category: row.category,
    timestamp: row.createdAt.toISOString(),
    source: row.source,
    assignedTo: assignee,
    tags: row.tags,
    metrics: row.metrics ?? null,
    ruleId: row.ruleId,
    labels: row.labels,
    resolvedAt: iso(row.resolvedAt),
    history: history.map((h) => ({
      status: h.status,
      at: h.at.toISOString(),
      by: h.userId,
      byName: h.userName,
      comment: h.comment,
    })),
  };
}

/**
 * The KPI cards (part 2 §3), over every platform alert, not only the listed ones; a report limited to one
 * organization asks the same figures of that organization's alerts.
 */
export async function alertStats(db: Db, organizationId: string | null = null): Promise<AlertStats> {
  const [row] = await rows<{
    total: number;
    active: number;
    critical: number;
    resolved: number;
    avg: number | null;
  }>(
    db,
    sql`select count(*)::int as total,
        count(*) filter (where status = 'active')::int as active,
        count(*) filter (where severity = 'critical' and status <> 'resolved')::int as critical,
        count(*) filter (where status = 'resolved')::int as resolved,
        (avg(extract(epoch from resolved_at - created_at)) filter (where resolved_at is not null) / 60)::float8 as avg
      from alerts where ${organizationId === null ? sql`organization_id is null` : sql`organization_id = ${organizationId}`}`,
  );
  return {
    total: row?.total ?? 0,
    active: row?.active ?? 0,
    critical: row?.critical ?? 0,
    resolved: row?.resolved ?? 0,
    avgResolutionTime: row?.avg === null || row?.avg === undefined ? null : Math.round(row.avg * 10) / 10,
  };
}

export function toRule(row: RuleRow, state: RuleState = 'normal'): AlertRule {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    status: row.status,
    severity: row.severity,
    metric: row.metric,
    condition: row.condition,
    filters: row.filters,
    notifications: row.notifications,
    escalation: row.escalation,
    suppressionRules: row.suppressionRules,
    pendingSeconds: row.pendingSeconds,
    keepFiringSeconds: row.keepFiringSeconds,
    noDataState: row.noDataState,
    errorState: row.errorState,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    lastTriggered: iso(row.lastTriggered),
    triggerCount: row.triggerCount,
    state,
  };
}

/** Firing outranks recovering (still firing), which outranks pending. */
const URGENCY: Record<RuleState, number> = { normal: 0, pending: 1, recovering: 2, firing: 3 };

export async function listRules(db: Db): Promise<AlertRule[]> {
  const [found, series] = await Promise.all([
    db.select().from(alertRules).orderBy(desc(alertRules.createdAt), asc(alertRules.name)),
    db
      .select({ ruleId: alertRuleInstances.ruleId, state: alertRuleInstances.state })
      .from(alertRuleInstances)
      .innerJoin(
        alertRules,
        and(
          eq(alertRules.id, alertRuleInstances.ruleId),
          eq(alertRules.version, alertRuleInstances.ruleVersion),
          eq(alertRules.status, 'active'),
        ),
      ),
  ]);
  const states = new Map<string, RuleState>();
  for (const s of series) {
    const known = states.get(s.ruleId) ?? 'normal';
    if (URGENCY[s.state] > URGENCY[known]) states.set(s.ruleId, s.state);
  }
  return found.map((row) => toRule(row, states.get(row.id)));
}
