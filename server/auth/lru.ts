import { LRUCache } from 'lru-cache';

/** A bounded map whose entries also expire. */
export interface ExpiringLru<K, V> {
  readonly size: number;
  /** The value, unless absent or expired; a hit makes the entry the most recently used. */
  get(key: K): V | undefined;
  set(key: K, value: V, lifetimeMs: number): void;
  delete(key: K): void;
  /** Drops the entries `matches` selects. */
  deleteWhere(matches: (value: V) => boolean): void;
  clear(): void;
}

/**
 * lru-cache with a lifetime per entry. `clock` is monotonic milliseconds (lifetimes must not follow a wall
 * clock's jumps); lru-cache reads it through its `perf` option, uncached (`ttlResolution: 0`) so that a test
 * clock is seen at once. lru-cache treats a start of 0 as "no start", so the clock is offset by one.
 */
export function createExpiringLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  maxEntries: number,
  clock: () => number,
): ExpiringLru<K, V> {
  const cache = new LRUCache<K, V>({
    max: maxEntries,
    ttlResolution: 0,
    perf: { now: () => clock() + 1 },
  });
  return {
    get size() {
      return cache.size;
    },
    get: (key) => cache.get(key),
    set(key, value, lifetimeMs) {
      cache.set(key, value, { ttl: lifetimeMs });
    },
    delete(key) {
      cache.delete(key);
    },
    deleteWhere(matches) {
      const keys = [...cache.entries()].filter(([, value]) => matches(value)).map(([key]) => key);
      for (const key of keys) cache.delete(key);
    },
    clear() {
      cache.clear();
    },
  };
}
