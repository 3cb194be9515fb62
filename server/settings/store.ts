import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SETTINGS, systemSettings, type SystemSettings } from '../../shared/api/settings';
import type { Database, Db } from '../db/client';
import { systemSettingsVersions } from '../db/schema';

/** Announces a saved version (payload: its number) to every instance on the database. */
export const SETTINGS_CHANNEL = 'system_settings';

export interface SettingsState {
  settings: SystemSettings;
  version: number;
  savedAt: Date | null;
  savedBy: string | null;
  smtpPassword: string | null;
}

/** Before the first save: version 1 is the defaults, stored by nobody. */
const INITIAL: SettingsState = {
  settings: DEFAULT_SETTINGS,
  version: 1,
  savedAt: null,
  savedBy: null,
  smtpPassword: null,
};

/**
 * The settings in force, held in memory and refreshed by LISTEN/NOTIFY: every request's hooks read them
 * (IP whitelist, maintenance, rate limit) without a query, and a save on any instance reaches all of them
 * as soon as its transaction commits.
 */
export interface SettingsStore {
  current(): Promise<SettingsState>;
  /** The instance that saved takes its own version at once (its NOTIFY arrives a little later). */
  adopt(state: SettingsState): void;
  /** Called with each newer version this instance takes (the server's log level follows debug mode). */
  subscribe(listener: (state: SettingsState) => void): () => void;
  close(): Promise<void>;
}

export async function loadSettings(db: Db): Promise<SettingsState> {
  const [row] = await db
    .select()
    .from(systemSettingsVersions)
    .orderBy(desc(systemSettingsVersions.version))
    .limit(1);
  if (!row) return INITIAL;
  // A version saved by an older release may lack a newer field: the defaults fill it.
  const parsed = systemSettings.safeParse(mergeDefaults(row.settings));
  return {
    settings: parsed.success ? parsed.data : DEFAULT_SETTINGS,
    version: row.version,
    savedAt: row.savedAt,
    savedBy: row.savedByName,
    smtpPassword: row.smtpPassword,
  };
}

function mergeDefaults(stored: Partial<SystemSettings>): SystemSettings {
  const merged = { ...DEFAULT_SETTINGS } as Record<string, unknown>;
  for (const [group, values] of Object.entries(DEFAULT_SETTINGS)) {
    merged[group] = { ...values, ...(stored as Record<string, object | undefined>)[group] };
  }
  return merged as SystemSettings;
}

/** Stores the next version in the caller's transaction and announces it; answers the stored state. */
export async function insertSettingsVersion(
  db: Db,
  input: {
    version: number;
    settings: SystemSettings;
    smtpPassword: string | null;
    savedAt: Date;
    savedBy: { userId: string; name: string };
  },
): Promise<SettingsState> {
  await db.insert(systemSettingsVersions).values({
    version: input.version,
    settings: input.settings,
    smtpPassword: input.smtpPassword,
    savedAt: input.savedAt,
    savedBy: input.savedBy.userId,
    savedByName: input.savedBy.name,
  });
  await db.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${String(input.version)})`);
  return {
    settings: input.settings,
    version: input.version,
    savedAt: input.savedAt,
    savedBy: input.savedBy.name,
    smtpPassword: input.smtpPassword,
  };
}

export async function createSettingsStore(
  database: Database,
  logger: FastifyBaseLogger,
): Promise<SettingsStore> {
  let state = await loadSettings(database.db);
  let loading: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(state: SettingsState) => void>();
  const keep = (next: SettingsState) => {
    if (next.version <= state.version) return;
    state = next;
    for (const listener of listeners) listener(next);
  };
  const unlisten = await database.listen(SETTINGS_CHANNEL, (payload) => {
    if (Number(payload) <= state.version) return;
    loading = loading
      .then(() => loadSettings(database.db))
      .then(keep)
      .catch((error: unknown) => logger.error({ err: error }, 'reloading the settings failed'));
  });
  return {
    current: async () => state,
    adopt: keep,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await unlisten().catch((error: unknown) =>
        logger.warn({ err: error }, 'stopping the settings LISTEN failed'),
      );
      await loading;
    },
  };
}
