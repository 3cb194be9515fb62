import { describe, expect, it } from 'vitest';
import { createExpiringLru } from '../../../../server/auth/lru';

describe('expiring LRU', () => {
  it('drops the least recently used entry when full', () => {
    const lru = createExpiringLru<string, number>(2, () => 0);
    lru.set('a', 1, 1_000);
    lru.set('b', 2, 1_000);
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3, 1_000);
    expect([lru.get('a'), lru.get('b'), lru.get('c'), lru.size]).toEqual([1, undefined, 3, 2]);
  });

  it('forgets an entry once its lifetime is over (it lives through its last millisecond)', () => {
    let now = 0;
    const lru = createExpiringLru<string, number>(10, () => now);
    lru.set('a', 1, 100);
    now = 100;
    expect(lru.get('a')).toBe(1);
    now = 101;
    expect(lru.get('a')).toBeUndefined();
    expect(lru.size).toBe(0);
  });

  it('drops what deleteWhere selects, and everything on clear', () => {
    const lru = createExpiringLru<string, number>(10, () => 0);
    for (const [key, value] of Object.entries({ a: 1, b: 2, c: 3 })) lru.set(key, value, 1_000);
    lru.deleteWhere((value) => value % 2 === 1);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([undefined, 2, undefined]);
    lru.clear();
    expect(lru.size).toBe(0);
  });
});
