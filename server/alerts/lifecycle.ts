import { and, eq, ne } from 'drizzle-orm';
import type { AlertSeverity } from '../../shared/alerting';
import type { AlertCategory } from '../../shared/alerts';
import { storePlatformAlert } from './store';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { alerts, alertTransitions } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type AlertRow = typeof alerts.$inferSelect;

/** Who did a transition: a user, or the evaluation itself (null id). */
export interface Actor {
  userId: string | null;
  name: string;
}
export const EVALUATION_ACTOR: Actor = { userId: null, name: 'Alert evaluation' };

export type AlertEvent = { kind: 'fired' | 'resolved'; alert: AlertRow };

/**
 * THE place where fired and resolved alerts leave the server: after the caller's transaction committed,
 * each becomes an `alert.fired` / `alert.resolved` webhook event for the endpoints that want it.
 */
export async function announce(
  ctx: Pick<ServerContext, 'webhooks'>,
  events: readonly AlertEvent[],
  onError: (error: unknown) => void,
): Promise<void> {
  for (const { kind, alert } of events) {
    await ctx.webhooks
      .emit(
        kind === 'fired' ? 'alert.fired' : 'alert.resolved',
        {
          alertId: alert.id,
          title: alert.title,
          severity: alert.severity,
          status: alert.status,
          category: alert.category,
          source: alert.source,
          ruleId: alert.ruleId,
          labels: alert.labels,
          metrics: alert.metrics,
          at: (kind === 'fired' ? alert.createdAt : (alert.resolvedAt ?? alert.updatedAt)).toISOString(),
        },
        alert.organizationId,
      )
      .catch(onError);
  }
}

export interface NewPlatformAlert {
  title: string;
  description: string;
  severity: AlertSeverity;
  category: AlertCategory;
  source: string;
  tags?: string[];
  metrics?: { value: number; threshold: number; unit: string } | null;
  ruleId?: string | null;
  labels?: Record<string, string>;
}

/** Stores a firing alert, its first transition, and announces it to the banner's streams. */
export async function fireAlert(
  tx: Tx,
  alert: NewPlatformAlert,
  at: Date,
  actor: Actor = EVALUATION_ACTOR,
): Promise<AlertEvent> {
  const row = await storePlatformAlert(tx, {
    title: alert.title,
    description: alert.description,
    severity: alert.severity,
    category: alert.category,
    source: alert.source,
    tags: alert.tags ?? [],
    metrics: alert.metrics ?? null,
    ruleId: alert.ruleId ?? null,
    labels: alert.labels ?? {},
    status: 'active',
    createdAt: at,
    updatedAt: at,
  });
  await tx.insert(alertTransitions).values({
    alertId: row.id,
    status: 'active',
    at,
    userId: actor.userId,
    userName: actor.name,
    comment: '',
  });
  return { kind: 'fired', alert: row };
}

/** Resolves an alert not yet resolved; undefined when it already was (resolving twice changes nothing). */
export async function resolveAlert(
  tx: Tx,
  alertId: string,
  at: Date,
  actor: Actor = EVALUATION_ACTOR,
  comment = '',
): Promise<AlertEvent | undefined> {
  const [row] = await tx
    .update(alerts)
    .set({ status: 'resolved', resolvedAt: at, updatedAt: at })
    .where(and(eq(alerts.id, alertId), ne(alerts.status, 'resolved')))
    .returning();
  if (!row) return undefined;
  await tx
    .insert(alertTransitions)
    .values({ alertId, status: 'resolved', at, userId: actor.userId, userName: actor.name, comment });
  return { kind: 'resolved', alert: row };
}
