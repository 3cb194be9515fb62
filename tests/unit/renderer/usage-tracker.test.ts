/**
 * The renderer's usage tracker: batches by count and time, one session per window sign-in, paths without
 * query strings, a refused batch not sent again, an unreachable one kept for the next flush.
 */
import { describe, expect, it } from 'vitest';
import type { UsageBatchInput } from '../../../shared/api/usage';
import { BridgeCallError } from '../../../shared/bridge/contract';
import { USAGE_FLUSH_EVENTS, USAGE_FLUSH_MS, createUsageTracker } from '../../../renderer/lib/usage';

function setup(fail?: () => unknown) {
  const sent: UsageBatchInput[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let ids = 0;
  const tracker = createUsageTracker({
    send: async (batch) => {
      const error = fail?.();
      if (error) throw error;
      sent.push(batch);
    },
    now: () => Date.parse('2026-03-02T09:00:00.000Z'),
    newId: () => `00000000-0000-4000-8000-00000000000${++ids}`,
    screenWidth: () => 1440,
    setTimer: (fn, ms) => {
      const timer = { fn, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => timers.splice(timers.indexOf(timer as never), 1),
  });
  return { tracker, sent, timers };
}

describe('usage tracker', () => {
  it('sends a batch after the flush delay, with the session and screen class', async () => {
    const { tracker, sent, timers } = setup();
    tracker.start();
    tracker.start();
    tracker.pageView('/audit-logs?search=secret#top');
    expect(sent).toEqual([]);
    expect(timers.map((t) => t.ms)).toEqual([USAGE_FLUSH_MS]);
    timers[0]!.fn();
    await tracker.flush();
    expect(sent).toEqual([
      {
        sessionId: '00000000-0000-4000-8000-000000000001',
        screen: 'large',
        events: [
          { kind: 'session_start', at: '2026-03-02T09:00:00.000Z' },
          { kind: 'page_view', at: '2026-03-02T09:00:00.000Z', path: '/audit-logs' },
        ],
      },
    ]);
  });

  it('sends as soon as a batch is full, and ends with session_end under a new session next time', async () => {
    const { tracker, sent } = setup();
    tracker.start();
    for (let i = 1; i < USAGE_FLUSH_EVENTS; i++) tracker.heartbeat();
    await tracker.flush();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.events).toHaveLength(USAGE_FLUSH_EVENTS);
    tracker.feature('export');
    await tracker.end();
    expect(sent[1]!.events.map((e) => e.kind)).toEqual(['feature', 'session_end']);
    tracker.pageView('/dashboard');
    await tracker.flush();
    expect(sent).toHaveLength(2);
    tracker.start();
    await tracker.flush();
    expect(sent[2]!.sessionId).toBe('00000000-0000-4000-8000-000000000002');
  });

  it('drops a batch the server refused, keeps one that did not arrive', async () => {
    let error: unknown = new BridgeCallError({
      code: 'INVALID',
      message: 'Too many usage events',
      status: 429,
    });
    const { tracker, sent } = setup(() => error);
    tracker.start();
    await tracker.flush();
    error = new BridgeCallError({ code: 'UNAVAILABLE', message: 'Network error occurred' });
    tracker.pageView('/dashboard');
    await tracker.flush();
    error = undefined;
    tracker.heartbeat();
    await tracker.flush();
    expect(sent.map((b) => b.events.map((e) => e.kind))).toEqual([['page_view', 'heartbeat']]);
  });
});
