/** The banner's list rules and time labels (part 1 §2, §4, §9), shared by main and renderer. */
import { describe, expect, it } from 'vitest';
import {
  BANNER,
  byFilter,
  keepNewest,
  needsNotification,
  timeLabel,
  undismissed,
  wrapIndex,
  type BannerAlert,
} from '../../../shared/alerts';

const NOW = Date.parse('2026-03-02T12:00:00.000Z');
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

function alert(n: number, overrides: Partial<BannerAlert> = {}): BannerAlert {
  return {
    id: `a${n}`,
    title: `Alert ${n}`,
    message: '',
    type: 'info',
    priority: 'low',
    category: 'business',
    metadata: {},
    timestamp: at((100 - n) * 1_000),
    dismissed: false,
    ...overrides,
  };
}

describe('time labels', () => {
  it.each([
    [0, 'Just now'],
    [59_999, 'Just now'],
    [60_000, '1m ago'],
    [59 * 60_000 + 59_999, '59m ago'],
    [3_600_000, '1h ago'],
    [23 * 3_600_000 + 3_599_999, '23h ago'],
    [86_400_000, '1d ago'],
    [45 * 86_400_000, '45d ago'],
    [-5_000, 'Just now'],
  ])('%i ms ago reads %s', (msAgo, label) => {
    expect(timeLabel(at(msAgo), NOW)).toBe(label);
  });

  it('an unreadable time reads "Just now"', () => {
    expect(timeLabel('not a date', NOW)).toBe('Just now');
  });
});

describe('the list keeps the 20 newest', () => {
  it('keeps the newest first and drops the oldest past 20', () => {
    let list: BannerAlert[] = [];
    for (let n = 1; n <= 25; n++) list = keepNewest(list, alert(n));
    expect(list).toHaveLength(BANNER.maxKept);
    expect(list[0]?.id).toBe('a25');
    expect(list.at(-1)?.id).toBe('a6');
  });

  it('places an alert that arrives late by its time, and replaces one with the same id', () => {
    let list = [alert(3), alert(1)];
    list = keepNewest(list, alert(2));
    expect(list.map((a) => a.id)).toEqual(['a3', 'a2', 'a1']);
    list = keepNewest(list, alert(2, { title: 'Changed' }));
    expect(list.map((a) => a.title)).toEqual(['Alert 3', 'Changed', 'Alert 1']);
  });

  it('filters dismissed alerts out and by category', () => {
    const list = [
      alert(1, { dismissed: true }),
      alert(2, { category: 'security' }),
      alert(3, { category: 'customer' }),
    ];
    expect(undismissed(list).map((a) => a.id)).toEqual(['a2', 'a3']);
    expect(byFilter(list, 'all')).toHaveLength(3);
    expect(byFilter(list, 'security').map((a) => a.id)).toEqual(['a2']);
    expect(byFilter(list, 'technical')).toEqual([]);
  });
});

describe('the index wraps around', () => {
  it.each([
    [0, 3, 0],
    [3, 3, 0],
    [4, 3, 1],
    [-1, 3, 2],
    [-4, 3, 2],
    [5, 0, 0],
  ])('index %i of %i is %i', (index, length, wrapped) => {
    expect(wrapIndex(index, length)).toBe(wrapped);
  });
});

it('critical and high alerts need a desktop notification, the others not', () => {
  expect(
    ['critical', 'high', 'medium', 'low'].map((priority) => needsNotification({ priority } as BannerAlert)),
  ).toEqual([true, true, false, false]);
});
