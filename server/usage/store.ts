import { and, count, eq, gte, sql } from 'drizzle-orm';
import { USAGE_LIMITS, type UsageBatch } from '../../shared/api/usage';
import type { Db } from '../db/client';
import { usageEvents } from '../db/schema';
import { HttpError } from '../http/errors';
import { DAY_MS } from '../business/formulas';
import { rows } from '../db/results';
import type { UserAnalytics } from '../../shared/api/usage';
import type { AnalyticsRange } from '../../shared/usage';
import { analyticsOf, rangeWindow, type RangeWindow, type UsageFigures } from './analytics';
import { loadSessions } from './sessions';

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

/** What User Analytics reads of the events of a window: sessions built and events counted in SQL. */
export async function loadUsageFigures(db: Db, window: RangeWindow): Promise<UsageFigures> {
  const from = new Date(window.previousFrom);
  const to = new Date(window.to);
  const [sessions, pageViews, features] = await Promise.all([
    loadSessions(db, window.previousFrom, window.to),
    rows<{ day: number; n: number }>(
      db,
      sql`select floor((extract(epoch from occurred_at) * 1000 - ${window.from}) / ${DAY_MS})::int as day,
          count(*)::int as n
        from usage_events where kind = 'page_view' and occurred_at >= ${from} and occurred_at <= ${to}
        group by 1`,
    ),
    rows<{ feature: string; uses: number; users: number; previous_uses: number }>(
      db,
      sql`select feature,
          count(*) filter (where occurred_at >= ${new Date(window.from)})::int as uses,
          count(distinct user_id) filter (where occurred_at >= ${new Date(window.from)})::int as users,
          count(*) filter (where occurred_at < ${new Date(window.from)})::int as previous_uses
        from usage_events where kind = 'feature' and occurred_at >= ${from} and occurred_at <= ${to}
        group by 1`,
    ),
  ]);
  return {
    sessions,
    pageViewsByDay: new Map(pageViews.map((r) => [Number(r.day), Number(r.n)])),
    features: new Map(
      features.map((r) => [
        r.feature,
        { uses: Number(r.uses), users: Number(r.users), previousUses: Number(r.previous_uses) },
      ]),
    ),
  };
}

/** User Analytics for a range ending now: what the screen and the reports both show. */
export async function userAnalytics(db: Db, range: AnalyticsRange, now: number): Promise<UserAnalytics> {
  const window = rangeWindow(range, now);
  return analyticsOf(range, window, await loadUsageFigures(db, window));
}
