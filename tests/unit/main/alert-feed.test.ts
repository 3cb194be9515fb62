/** The main process's alert feed: the 20 newest, dismissals kept across restarts, tray and notifications. */
import { describe, expect, it } from 'vitest';
import { BANNER, type StreamedAlert } from '../../../shared/alerts';
import { DISMISSED_KEY, createAlertFeed } from '../../../main/core/alerts/feed';
import type { DesktopNotification } from '../../../main/core/alerts/shell';
import { createBridgeEventBus } from '../../../main/core/bridge/events';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue, type KeyValue } from '../../../main/core/store';

const streamed = (n: number, overrides: Partial<StreamedAlert> = {}): StreamedAlert => ({
  id: `a${n}`,
  title: `Alert ${n}`,
  message: `Message ${n}`,
  type: 'info',
  priority: 'low',
  category: 'business',
  metadata: {},
  timestamp: new Date(Date.UTC(2026, 2, 2, 9, 0, n)).toISOString(),
  ...overrides,
});

function feedOn(kv: KeyValue = memoryKeyValue()) {
  const logger = createMemoryLogger();
  const notifications: DesktopNotification[] = [];
  const counts: number[] = [];
  const feed = createAlertFeed({
    events: createBridgeEventBus(logger),
    notifier: { notify: (n) => notifications.push(n) },
    tray: { setAlertCount: (c) => counts.push(c) },
    kv,
    logger,
  });
  return { feed, notifications, counts, logger, kv };
}

describe('alert feed', () => {
  it('keeps the 20 newest; an older one or a repeat changes nothing', () => {
    const { feed, counts } = feedOn();
    for (let n = 1; n <= 22; n++) feed.receive(streamed(n), true);
    expect(feed.list()).toHaveLength(BANNER.maxKept);
    expect(feed.list()[0]?.id).toBe('a22');
    const changes = counts.length;
    feed.receive(streamed(1), true);
    feed.receive(streamed(22), true);
    expect(counts).toHaveLength(changes);
    expect(counts.at(-1)).toBe(BANNER.maxKept);
  });

  it('notifies live critical and high alerts only', () => {
    const { feed, notifications } = feedOn();
    feed.receive(streamed(1, { priority: 'critical' }), false);
    feed.receive(streamed(2, { priority: 'medium' }), true);
    feed.receive(streamed(3, { priority: 'high', title: 'Latency' }), true);
    expect(notifications).toEqual([{ title: 'Latency', body: 'Message 3', priority: 'high' }]);
  });

  it('keeps dismissals across restarts; a damaged record is dropped with a warning', () => {
    const kv = memoryKeyValue();
    const first = feedOn(kv);
    first.feed.receive(streamed(1), true);
    first.feed.receive(streamed(2), true);
    expect(first.feed.dismiss('a1').map((a) => a.dismissed)).toEqual([false, true]);
    expect(first.counts.at(-1)).toBe(1);

    const second = feedOn(kv);
    second.feed.receive(streamed(1, { priority: 'critical' }), true);
    expect(second.feed.list()[0]?.dismissed).toBe(true);
    expect(second.notifications).toEqual([]);
    expect(second.counts.at(-1)).toBe(0);

    kv.set(DISMISSED_KEY, '{not json');
    const third = feedOn(kv);
    third.feed.receive(streamed(1), true);
    expect(third.feed.list()[0]?.dismissed).toBe(false);
    expect(third.logger.lines.join()).toContain('unreadable');
    expect(kv.get(DISMISSED_KEY)).toBeUndefined();
  });

  it('empties on sign-out', () => {
    const { feed, counts } = feedOn();
    feed.receive(streamed(1), true);
    feed.clear();
    expect(feed.list()).toEqual([]);
    expect(counts.at(-1)).toBe(0);
  });
});
