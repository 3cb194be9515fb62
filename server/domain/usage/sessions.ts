import type { UsageKind } from '../../../shared/api/usage';

/** A session ends after this long without any event (issue 11). */
export const SESSION_TIMEOUT_MS = 30 * 60_000;
/** A bounce: one page view and under this long. */
export const BOUNCE_UNDER_MS = 10_000;

/** The fields of a stored event that session building reads. */
export interface SessionEvent {
  userId: string;
  sessionId: string;
  kind: UsageKind;
  at: number;
  host: string;
  os: string;
  screen: string;
}

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
 * Sessions from events: the events of one renderer window session (its `sessionId`), in time order,
 * are cut wherever 30 minutes pass without an event, and after a `session_end`. Two windows open at
 * once are two sessions. The host, OS and screen class are the first event's.
 */
export function buildSessions(events: readonly SessionEvent[]): UsageSession[] {
  const byWindow = new Map<string, SessionEvent[]>();
  for (const event of events) {
    const key = `${event.userId}|${event.sessionId}`;
    const list = byWindow.get(key);
    if (list) list.push(event);
    else byWindow.set(key, [event]);
  }
  const sessions: UsageSession[] = [];
  for (const list of byWindow.values()) {
    list.sort((a, b) => a.at - b.at);
    let current: SessionEvent[] = [];
    for (const event of list) {
      const last = current[current.length - 1];
      if (last && (event.at - last.at > SESSION_TIMEOUT_MS || last.kind === 'session_end')) {
        sessions.push(sessionOf(current));
        current = [];
      }
      current.push(event);
    }
    if (current.length > 0) sessions.push(sessionOf(current));
  }
  return sessions.sort((a, b) => a.start - b.start);
}

function sessionOf(events: readonly SessionEvent[]): UsageSession {
  const first = events[0]!;
  const last = events[events.length - 1]!;
  const durationMs = last.at - first.at;
  const pageViews = events.filter((e) => e.kind === 'page_view').length;
  return {
    userId: first.userId,
    start: first.at,
    end: last.at,
    durationMs,
    pageViews,
    bounce: pageViews === 1 && durationMs < BOUNCE_UNDER_MS,
    host: first.host,
    os: first.os,
    screen: first.screen,
  };
}
