import { desc, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_SETTINGS, systemSettings, type SystemSettings } from '../../shared/api/settings';
import type { Database, Db } from '../db/client';
import { systemSettingsVersions } from '../db/schema';
import { isSealed, SecretBoxError, type SecretBox } from '../security/secret-box';

/** Announces a saved version (payload: its number) to every instance on the database. */
export const SETTINGS_CHANNEL = 'system_settings';

export interface SettingsState {
  settings: SystemSettings;
  version: number;
  savedAt: Date | null;
  savedBy: string | null;
  smtpPassword: string | null;
}

/** While LISTEN is lost, how stale the settings in force may be. */
const LOST_REREAD_MS = 1_000;

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
  /**
   * The settings in memory when `current` would answer them without reading the database (LISTEN holds,
   * or they were just read again); undefined otherwise. For hooks that run on every request.
   */
  peek(): SettingsState | undefined;
  /** False while the LISTEN connection is lost (and `current` reads the database). */
  readonly listening: boolean;
  /** The instance that saved takes its own version at once (its NOTIFY arrives a little later). */
  adopt(state: SettingsState): void;
  /** Called with each newer version this instance takes (the server's log level follows debug mode). */
  subscribe(listener: (state: SettingsState) => void): () => void;
  close(): Promise<void>;
}

/** The SMTP password is stored sealed with the secret box, so a copy of the database alone does not hold it. */
const SMTP_PASSWORD_CONTEXT = 'settings:smtp-password';

function openPassword(box: SecretBox, stored: string | null, logger?: FastifyBaseLogger): string | null {
  // Stored in clear by a release before sealing: read as it is, sealed with the next save.
  if (stored === null || !isSealed(stored)) return stored;
  try {
    return box.open(stored, SMTP_PASSWORD_CONTEXT);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    // A database restored from a server with another key: the password has to be entered again.
    logger?.warn(
      'the SMTP password was sealed with a key this server does not hold; enter it again in settings',
    );
    return null;
  }
}

export async function loadSettings(
  db: Db,
  box: SecretBox,
  logger?: FastifyBaseLogger,
): Promise<SettingsState> {
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
    smtpPassword: openPassword(box, row.smtpPassword, logger),
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
  box: SecretBox,
  input: {
    version: number;
    settings: SystemSettings;
    smtpPassword: string | null;
    savedAt: Date;
    /** Who saved it; `userId` null for the server itself (a restore's maintenance window). */
    savedBy: { userId: string | null; name: string };
  },
): Promise<SettingsState> {
  await db.insert(systemSettingsVersions).values({
    version: input.version,
    settings: input.settings,
    smtpPassword: input.smtpPassword === null ? null : box.seal(input.smtpPassword, SMTP_PASSWORD_CONTEXT),
    savedAt: input.savedAt,
    savedBy: input.savedBy?.userId ?? null,
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
  box: SecretBox,
  logger: FastifyBaseLogger,
): Promise<SettingsStore> {
  const load = () => loadSettings(database.db, box, logger);
  let state = await load();
  let loading: Promise<unknown> = Promise.resolve();
  const listeners = new Set<(state: SettingsState) => void>();
  const keep = (next: SettingsState) => {
    if (next.version <= state.version) return;
    state = next;
    for (const listener of listeners) listener(next);
  };
  const reload = () =>
    (loading = loading
      .then(load)
      .then(keep)
      .catch((error: unknown) => logger.error({ err: error }, 'reloading the settings failed')));
  // A save announced while the LISTEN connection is down is never heard: meanwhile `current` reads the
  // database itself (at most once per LOST_REREAD_MS), and once LISTEN is back the settings are read again.
  let listening = true;
  let readAt = 0;
  const unlisten = await database.listen(
    SETTINGS_CHANNEL,
    (payload) => {
      if (Number(payload) > state.version) void reload();
    },
    {
      onLost() {
        listening = false;
        logger.warn('settings: LISTEN connection lost, reading the database until it is back');
      },
      onRestored() {
        listening = true;
        void reload();
      },
    },
  );
  return {
    async current() {
      if (!listening && performance.now() - readAt >= LOST_REREAD_MS) {
        readAt = performance.now();
        await reload();
      }
      return state;
    },
    peek() {
      return listening || performance.now() - readAt < LOST_REREAD_MS ? state : undefined;
    },
    get listening() {
      return listening;
    },
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

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's settings in force (buildApp): tests watch its LISTEN state. */
    settings: SettingsStore;
  }
}
