import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/results';

/** A session ends after this long without any event (issue 11). */
export const SESSION_TIMEOUT_MS = 30 * 60_000;
/** A bounce: one page view and under this long. */
export const BOUNCE_UNDER_MS = 10_000;

export interface UsageSession {
  userId: string;
  start: number;
  end: number;
  /** From the first event to the last, heartbeats included. */
  durationMs: number;
  pageViews: number;
  bounce: boolean;
  host: string;
  os: string;
  screen: string;
}

/**
 * The sessions of the events in [from, to], built in the database: the events of one renderer window
 * session (its `sessionId`), in time order (then in order of arrival), are cut wherever more than 30
 * minutes pass without an event, and after a `session_end`. Two windows open at once are two sessions.
 * The host, OS and screen class are the first event's. In order of start.
 */
export async function loadSessions(db: Db, from: number, to: number): Promise<UsageSession[]> {
  const found = await rows<{
    user_id: string;
    start: number;
    end: number;
    page_views: number;
    host: string;
    os: string;
    screen: string;
  }>(
    db,
    sql`with events as (
        select id, user_id, session_id, kind, host, os, screen, occurred_at,
          lag(occurred_at) over w as previous_at, lag(kind) over w as previous_kind
        from usage_events
        where occurred_at >= ${new Date(from)} and occurred_at <= ${new Date(to)}
        window w as (partition by user_id, session_id order by occurred_at, id)
      ), cuts as (
        select *, count(*) filter (where previous_at is null
            or occurred_at - previous_at > ${`${SESSION_TIMEOUT_MS} milliseconds`}::interval
            or previous_kind = 'session_end')
          over (partition by user_id, session_id order by occurred_at, id rows unbounded preceding) as n
        from events
      )
      select user_id,
        (extract(epoch from min(occurred_at)) * 1000)::float8 as start,
        (extract(epoch from max(occurred_at)) * 1000)::float8 as "end",
        count(*) filter (where kind = 'page_view')::int as page_views,
        (array_agg(host order by occurred_at, id))[1] as host,
        (array_agg(os order by occurred_at, id))[1] as os,
        (array_agg(screen order by occurred_at, id))[1] as screen
      from cuts group by user_id, session_id, n
      order by start, user_id`,
  );
  return found.map((s) => {
    const start = Number(s.start);
    const end = Number(s.end);
    const pageViews = Number(s.page_views);
    return {
      userId: s.user_id,
      start,
      end,
      durationMs: end - start,
      pageViews,
      bounce: pageViews === 1 && end - start < BOUNCE_UNDER_MS,
      host: s.host,
      os: s.os,
      screen: s.screen,
    };
  });
}
