import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import { USAGE_LIMITS, type UsageBatch } from '../../../shared/api/usage';
import type { Db } from '../../db/client';
import { usageEvents } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { AnalyticsEvent } from './analytics';

export const USAGE_TEXTS = {
  flood: `Too many usage events: at most ${USAGE_LIMITS.eventsPerMinute} a minute per user; this batch was not stored`,
  badTime: 'A usage event must be dated within the last 24 hours, and not in the future',
} as const;

const FLOOD_WINDOW_MS = 60_000;

/**
 * Stores a batch for the signed-in user. A batch that would take the user past the events of a minute
 * (counted from what the database received, so every instance sees the same count) is refused whole
 * and nothing of it is stored.
 */
export async function recordUsage(db: Db, userId: string, batch: UsageBatch, now: number): Promise<number> {
  for (const event of batch.events) {
    const at = Date.parse(event.at);
    if (at < now - USAGE_LIMITS.maxAgeMs || at > now + USAGE_LIMITS.maxFutureMs) {
      throw new HttpError(400, USAGE_TEXTS.badTime);
    }
  }
  const [recent] = await db
    .select({ n: count() })
    .from(usageEvents)
    .where(and(eq(usageEvents.userId, userId), gte(usageEvents.receivedAt, new Date(now - FLOOD_WINDOW_MS))));
  if ((recent?.n ?? 0) + batch.events.length > USAGE_LIMITS.eventsPerMinute) {
    throw new HttpError(429, USAGE_TEXTS.flood, { 'retry-after': String(FLOOD_WINDOW_MS / 1000) });
  }
  await db.insert(usageEvents).values(
    batch.events.map((event) => ({
      userId,
      sessionId: batch.sessionId,
      kind: event.kind,
      path: event.kind === 'page_view' ? event.path : null,
      feature: event.kind === 'feature' ? event.feature : null,
      host: batch.host,
      os: batch.os,
      screen: batch.screen,
      occurredAt: new Date(event.at),
      receivedAt: new Date(now),
    })),
  );
  return batch.events.length;
}

/** The events between two instants, in time order, as the figures read them. */
export async function loadUsage(db: Db, from: number, to: number): Promise<AnalyticsEvent[]> {
  const rows = await db
    .select({
      userId: usageEvents.userId,
      sessionId: usageEvents.sessionId,
      kind: usageEvents.kind,
      feature: usageEvents.feature,
      host: usageEvents.host,
      os: usageEvents.os,
      screen: usageEvents.screen,
      occurredAt: usageEvents.occurredAt,
    })
    .from(usageEvents)
    .where(and(gte(usageEvents.occurredAt, new Date(from)), lte(usageEvents.occurredAt, new Date(to))))
    .orderBy(asc(usageEvents.occurredAt), asc(usageEvents.id));
  return rows.map(({ occurredAt, ...row }) => ({ ...row, at: occurredAt.getTime() }));
}
