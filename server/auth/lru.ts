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
 * A Map keeps insertion order: re-inserting on a hit makes its first key the least recently used, the one
 * dropped when full. `clock` is monotonic milliseconds (lifetimes must not follow a wall clock's jumps).
 */
export function createExpiringLru<K, V>(maxEntries: number, clock: () => number): ExpiringLru<K, V> {
  const entries = new Map<K, { value: V; expiresAt: number }>();
  return {
    get size() {
      return entries.size;
    },
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      entries.delete(key);
      if (entry.expiresAt <= clock()) return undefined;
      entries.set(key, entry);
      return entry.value;
    },
    set(key, value, lifetimeMs) {
      entries.delete(key);
      entries.set(key, { value, expiresAt: clock() + lifetimeMs });
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
    },
    delete(key) {
      entries.delete(key);
    },
    deleteWhere(matches) {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
