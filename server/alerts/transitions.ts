import { eq } from 'drizzle-orm';
import type { AlertStatus } from '../../shared/alerting';
import type { Db } from '../db/client';
import { alerts, alertTransitions, users } from '../db/schema';
import { HttpError } from '../http/errors';
import { resolveAlert, type Actor, type AlertEvent } from './lifecycle';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const TRANSITION_TEXTS = {
  notFound: 'Alert not found',
  alreadyResolved: 'This alert is already resolved: acknowledging or suppressing it would not reopen it',
  userNotFound: 'User not found',
} as const;

async function lockAlert(tx: Tx, id: string) {
  const [row] = await tx.select().from(alerts).where(eq(alerts.id, id)).for('update');
  if (!row) throw new HttpError(404, TRANSITION_TEXTS.notFound);
  return row;
}

/** Acknowledge (stops repeats and escalation) or suppress (no more notifications); never a resolved alert. */
export async function setAlertStatus(
  tx: Tx,
  id: string,
  status: Extract<AlertStatus, 'acknowledged' | 'suppressed'>,
  actor: Actor,
  comment: string,
  at: Date,
): Promise<void> {
  const row = await lockAlert(tx, id);
  if (row.status === 'resolved') throw new HttpError(409, TRANSITION_TEXTS.alreadyResolved);
  await tx.update(alerts).set({ status, updatedAt: at }).where(eq(alerts.id, id));
  await tx
    .insert(alertTransitions)
    .values({ alertId: id, status, at, userId: actor.userId, userName: actor.name, comment });
}

/** Resolve by hand; answers the event for the listeners, or undefined when it already was resolved. */
export async function resolveByHand(
  tx: Tx,
  id: string,
  actor: Actor,
  comment: string,
  at: Date,
): Promise<AlertEvent | undefined> {
  const row = await lockAlert(tx, id);
  if (row.status === 'resolved') throw new HttpError(409, 'This alert is already resolved');
  return resolveAlert(tx, id, at, actor, comment);
}

export async function assignAlert(
  tx: Tx,
  id: string,
  userId: string | null,
  actor: Actor,
  at: Date,
): Promise<void> {
  const row = await lockAlert(tx, id);
  let name = '';
  if (userId !== null) {
    const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
    if (!user) throw new HttpError(404, TRANSITION_TEXTS.userNotFound);
    name = user.name;
  }
  await tx.update(alerts).set({ assignedTo: userId, updatedAt: at }).where(eq(alerts.id, id));
  await tx.insert(alertTransitions).values({
    alertId: id,
    status: row.status,
    at,
    userId: actor.userId,
    userName: actor.name,
    comment: userId === null ? 'Unassigned' : `Assigned to ${name}`,
  });
}
