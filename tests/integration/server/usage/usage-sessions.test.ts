/**
 * Sessions built in SQL from usage events: the 30-minute timeout, session_end, bounces and heartbeats, two
 * windows and two users apart; and, on generated event streams, the same sessions as the rule written
 * out in TypeScript (the reference below, which the server used before the SQL).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SCREEN_CLASSES,
  USAGE_HOSTS,
  USAGE_KINDS,
  USAGE_OS,
  type ScreenClass,
  type UsageKind,
} from '../../../../shared/usage';
import { usageEvents } from '../../../../server/db/schema';
import {
  BOUNCE_UNDER_MS,
  loadSessions,
  SESSION_TIMEOUT_MS,
  type UsageSession,
} from '../../../../server/usage/sessions';
import { testDatabases } from '../../../support/databases';
import { insertUser } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const S = 1000;
const MIN = 60 * S;

interface Event {
  userId: string;
  sessionId: string;
  kind: UsageKind;
  at: number;
  host: (typeof USAGE_HOSTS)[number];
  os: (typeof USAGE_OS)[number];
  screen: ScreenClass;
}

/** The rule in TypeScript: per window session, in time order, cut after 30 minutes or a session_end. */
function referenceSessions(events: readonly Event[]): UsageSession[] {
  const byWindow = new Map<string, Event[]>();
  for (const event of events) {
    const key = `${event.userId}|${event.sessionId}`;
    byWindow.set(key, [...(byWindow.get(key) ?? []), event]);
  }
  const sessions: UsageSession[] = [];
  const sessionOf = (list: readonly Event[]): UsageSession => {
    const first = list[0]!;
    const last = list[list.length - 1]!;
    const pageViews = list.filter((e) => e.kind === 'page_view').length;
    const durationMs = last.at - first.at;
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
  };
  for (const list of byWindow.values()) {
    // Stable: events at the same instant keep the order they were stored in.
    list.sort((a, b) => a.at - b.at);
    let current: Event[] = [];
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
  return sessions;
}

const canonical = (sessions: readonly UsageSession[]) =>
  sessions
    .map((s) => JSON.stringify(s))
    .sort()
    .map((s) => JSON.parse(s) as UsageSession);

describe.each(testDatabases)('usage sessions built in SQL on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const users: string[] = [];
  const windows = Array.from({ length: 3 }, () => randomUUID());

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) users.push((await insertUser(suite.database, 'super_admin')).id);
  });

  /** Replaces the stored events with these (in this order) and answers the sessions of [T0 - 1 day, T0 + 1 day]. */
  async function sessionsOf(events: readonly Event[]): Promise<UsageSession[]> {
    const { db } = suite.database;
    await db.execute(sql`delete from usage_events`);
    if (events.length > 0) {
      await db.insert(usageEvents).values(
        events.map((e) => ({
          ...e,
          occurredAt: new Date(e.at),
          receivedAt: new Date(e.at),
          feature: e.kind === 'feature' ? 'export' : null,
        })),
      );
    }
    return loadSessions(db, T0 - 86_400_000, T0 + 86_400_000);
  }

  const ev = (kind: UsageKind, offsetMs: number, over: Partial<Event> = {}): Event => ({
    userId: users[0]!,
    sessionId: windows[0]!,
    kind,
    at: T0 + offsetMs,
    host: 'electron',
    os: 'linux',
    screen: 'large',
    ...over,
  });

  it('keeps one session while events come less than 30 minutes apart, heartbeats included', async () => {
    const sessions = await sessionsOf([
      ev('session_start', 0),
      ev('page_view', 0),
      ...Array.from({ length: 40 }, (_, i) => ev('heartbeat', (i + 1) * MIN)),
    ]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ durationMs: 40 * MIN, pageViews: 1, bounce: false });
  });

  it('cuts after 30 minutes without an event, and not at exactly 30', async () => {
    expect(await sessionsOf([ev('page_view', 0), ev('page_view', 30 * MIN)])).toHaveLength(1);
    const over = await sessionsOf([ev('page_view', 0), ev('page_view', 30 * MIN + 1)]);
    expect(over.map((s) => [s.start - T0, s.durationMs])).toEqual([
      [0, 0],
      [30 * MIN + 1, 0],
    ]);
  });

  it('cuts after a session_end even within 30 minutes', async () => {
    const sessions = await sessionsOf([
      ev('page_view', 0),
      ev('session_end', 20 * S),
      ev('session_start', 60 * S),
      ev('page_view', 61 * S),
    ]);
    expect(sessions.map((s) => [s.start - T0, s.durationMs, s.pageViews])).toEqual([
      [0, 20 * S, 1],
      [60 * S, 1 * S, 1],
    ]);
  });

  it('a bounce is one page view and under 10 seconds', async () => {
    const [bounce] = await sessionsOf([ev('page_view', 0), ev('session_end', 9_999)]);
    expect(bounce).toMatchObject({ bounce: true, durationMs: 9_999 });
    const [tenSeconds] = await sessionsOf([ev('page_view', 0), ev('session_end', 10 * S)]);
    expect(tenSeconds?.bounce).toBe(false);
    const [twoViews] = await sessionsOf([ev('page_view', 0), ev('page_view', 2 * S)]);
    expect(twoViews?.bounce).toBe(false);
    // A heartbeat makes a one-screen session last: no longer a bounce.
    const [heartbeat] = await sessionsOf([ev('page_view', 0), ev('heartbeat', MIN)]);
    expect(heartbeat).toMatchObject({ bounce: false, durationMs: MIN });
  });

  it('keeps two windows and two users apart, in time order whatever the input order', async () => {
    const sessions = await sessionsOf([
      ev('page_view', 5 * S, { sessionId: windows[1]! }),
      ev('page_view', 0),
      ev('heartbeat', MIN, { sessionId: windows[1]! }),
      ev('page_view', 2 * S, { userId: users[1]!, sessionId: windows[2]!, host: 'browser' }),
      ev('heartbeat', MIN),
    ]);
    expect(sessions.map((s) => [s.userId, s.start - T0, s.durationMs, s.host])).toEqual([
      [users[0], 0, MIN, 'electron'],
      [users[1], 2 * S, 0, 'browser'],
      [users[0], 5 * S, MIN - 5 * S, 'electron'],
    ]);
  });

  it('builds the same sessions as the TypeScript rule on generated event streams', async () => {
    // Gaps cluster around the 30-minute and 10-second edges, and 0 (events at the same instant).
    const gap = fc.oneof(
      fc.constantFrom(0, 1, BOUNCE_UNDER_MS - 1, BOUNCE_UNDER_MS, SESSION_TIMEOUT_MS, SESSION_TIMEOUT_MS + 1),
      fc.integer({ min: 0, max: 45 * MIN }),
    );
    const event = fc.record({
      user: fc.integer({ min: 0, max: 1 }),
      window: fc.integer({ min: 0, max: 2 }),
      kind: fc.constantFrom(...USAGE_KINDS),
      gap,
      host: fc.constantFrom(...USAGE_HOSTS),
      os: fc.constantFrom(...USAGE_OS),
      screen: fc.constantFrom(...SCREEN_CLASSES),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(event, { maxLength: 40 }), async (generated) => {
        // Each event comes a gap after the previous one of its window; stored in a shuffled-looking order.
        const clocks = new Map<string, number>();
        const events = generated.map((g): Event => {
          const key = `${g.user}|${g.window}`;
          const at = (clocks.get(key) ?? T0) + g.gap;
          clocks.set(key, at);
          return {
            userId: users[g.user]!,
            sessionId: windows[g.window]!,
            kind: g.kind,
            at,
            host: g.host,
            os: g.os,
            screen: g.screen,
          };
        });
        const stored = [...events].reverse();
        expect(canonical(await sessionsOf(stored))).toEqual(canonical(referenceSessions(stored)));
      }),
      { numRuns: 40 },
    );
  });
});
