import type Conf from 'conf';

/**
 * The few operations the session store needs from a persistent map. electron-store (Electron host)
 * and conf (browser host, tests) both satisfy it through `confKeyValue`; electron-store extends conf.
 */
export interface KeyValue {
  get(key: string): unknown;
  set(key: string, value: string): void;
  delete(key: string): void;
  /** The file behind the map, for log lines. */
  readonly path: string | undefined;
}

/** Options every conf-based store of ours is opened with. */
export const STORE_FILE_OPTIONS = {
  // The file holds the (encrypted) token: readable by its owner only.
  configFileMode: 0o600,
  // We quarantine an unreadable file ourselves (keeping a copy aside); conf would silently wipe it.
  clearInvalidConfig: false,
  // Our keys are flat; a dot in a key must not create nested objects.
  accessPropertiesByDotNotation: false,
} as const;

export function confKeyValue(conf: Conf<Record<string, unknown>>): KeyValue {
  return {
    get: (key) => conf.get(key),
    set: (key, value) => conf.set(key, value),
    delete: (key) => conf.delete(key),
    path: conf.path,
  };
}

/** A map that lives only as long as the process; for tests and as a last resort. */
export function memoryKeyValue(initial: Record<string, string> = {}): KeyValue {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key),
    set: (key, value) => void map.set(key, value),
    delete: (key) => void map.delete(key),
    path: undefined,
  };
}
