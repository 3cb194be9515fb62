/** Sessions built from usage events: the 30-minute timeout, session_end, bounces and heartbeats. */
import { describe, expect, it } from 'vitest';
import type { UsageKind } from '../../../shared/api/usage';
import { buildSessions, type SessionEvent } from '../../../server/domain/usage/sessions';

const T0 = Date.parse('2026-03-02T09:00:00.000Z');
const S = 1000;
const MIN = 60 * S;

const ev = (kind: UsageKind, offsetMs: number, over: Partial<SessionEvent> = {}): SessionEvent => ({
  userId: 'u1',
  sessionId: 'w1',
  kind,
  at: T0 + offsetMs,
  host: 'electron',
  os: 'linux',
  screen: 'large',
  ...over,
});

describe('buildSessions', () => {
  it('keeps one session while events come less than 30 minutes apart, heartbeats included', () => {
    const sessions = buildSessions([
      ev('session_start', 0),
      ev('page_view', 0),
      ...Array.from({ length: 40 }, (_, i) => ev('heartbeat', (i + 1) * MIN)),
    ]);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ durationMs: 40 * MIN, pageViews: 1, bounce: false });
  });

  it('cuts after 30 minutes without an event, and not at exactly 30', () => {
    const exactly = buildSessions([ev('page_view', 0), ev('page_view', 30 * MIN)]);
    expect(exactly).toHaveLength(1);
    const over = buildSessions([ev('page_view', 0), ev('page_view', 30 * MIN + 1)]);
    expect(over.map((s) => [s.start - T0, s.durationMs])).toEqual([
      [0, 0],
      [30 * MIN + 1, 0],
    ]);
  });

  it('cuts after a session_end even within 30 minutes', () => {
    const sessions = buildSessions([
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

  it('a bounce is one page view and under 10 seconds', () => {
    const [bounce] = buildSessions([ev('page_view', 0), ev('session_end', 9_999)]);
    expect(bounce).toMatchObject({ bounce: true, durationMs: 9_999 });
    const [tenSeconds] = buildSessions([ev('page_view', 0), ev('session_end', 10 * S)]);
    expect(tenSeconds?.bounce).toBe(false);
    const [twoViews] = buildSessions([ev('page_view', 0), ev('page_view', 2 * S)]);
    expect(twoViews?.bounce).toBe(false);
    // A heartbeat makes a one-screen session last: no longer a bounce.
    const [heartbeat] = buildSessions([ev('page_view', 0), ev('heartbeat', MIN)]);
    expect(heartbeat).toMatchObject({ bounce: false, durationMs: MIN });
  });

  it('keeps two windows and two users apart, in time order whatever the input order', () => {
    const sessions = buildSessions([
      ev('page_view', 5 * S, { sessionId: 'w2' }),
      ev('page_view', 0),
      ev('heartbeat', MIN, { sessionId: 'w2' }),
      ev('page_view', 2 * S, { userId: 'u2', sessionId: 'w3', host: 'browser' }),
      ev('heartbeat', MIN),
    ]);
    expect(sessions.map((s) => [s.userId, s.start - T0, s.durationMs, s.host])).toEqual([
      ['u1', 0, MIN, 'electron'],
      ['u2', 2 * S, 0, 'browser'],
      ['u1', 5 * S, MIN - 5 * S, 'electron'],
    ]);
  });
});
