import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { MigrationConfig } from 'drizzle-orm/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import { alwaysAvailable, postgresAvailability, type DatabaseAvailability } from './availability';
import { pgliteFolder, type PgliteFolder } from './pglite-folders';
import { pgliteHandle } from './pglite-handle';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from '../config';
import { schema } from './schema';

/** The one type the server codes against: PGlite and node-postgres databases both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** What `exclusive` hands its work: the database, and the drizzle migrator of its driver. */
export interface ExclusiveSession {
  db: Db;
  migrate(config: MigrationConfig): Promise<void>;
}

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Runs `work` while holding a database-wide lock, so that only one instance migrates or seeds at a time. */
  exclusive<T>(work: (session: ExclusiveSession) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: `onNotify` receives each NOTIFY payload (from this instance or any other on
   * the same database). Answers the function that stops listening. `events` hears of a lost LISTEN
   * connection and of its return (PostgreSQL; PGlite's is in-process and is never lost).
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    events?: ListenEvents,
  ): Promise<() => Promise<void>>;
  /**
   * The connection underneath, for the job runner (pg-boss): on PGlite it must share the one in-process
   * instance; on PostgreSQL it opens a small pool of its own from the URL.
   */
  driver: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; url: string };
  /** PGlite only: the whole data directory as a tarball (a snapshot to start other databases from). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite in a data folder: a consistent copy of it for a backup, and a restored folder swapped in. */
  folder?: PgliteFolder;
  /** Whether the database answers, known without waiting on it (server/db/availability.ts). */
  availability: DatabaseAvailability;
  close(): Promise<void>;
}

/** What a listener that caches hears: notifications sent while the connection was down are lost. */
export interface ListenEvents {
  /** The LISTEN connection is gone; a new one is being made. */
  onLost?(): void;
  /**
   * LISTEN holds again on a new connection, after `onLost`; also (PGlite) after a restore put another
   * data folder underneath: either way, whatever was announced meanwhile was not heard.
   */
  onRestored?(): void;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string; wins over `dataDir`. */
  url?: string;
  /** A folder for a persistent PGlite database; without it (and without `url`) PGlite runs in memory. */
  dataDir?: string;
  /**
   * A PGlite data directory dumped earlier (`dumpDataDir`) to start from: loading one takes a fraction of
   * the ~2 s that initdb takes, which matters to suites that open many fresh databases.
   */
  pgliteSnapshot?: Blob;
  /** PostgreSQL only: the pool's timeouts (PGlite honours none of them: see `poolOptions`). */
  timeouts?: DatabaseTimeouts;
}

// Any fixed number works; it only has to be the same in every instance.
const MIGRATION_LOCK_KEY = 7_341_120_512;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  return options.url
    ? openPostgres(options.url, options.timeouts ?? DEFAULT_DATABASE_TIMEOUTS)
    : openPglite(options.dataDir, options.pgliteSnapshot);
}

/**
 * The buffer pool of a PGlite in memory. Its pages already live in PGlite's in-memory file system, so
 * PGlite's default pool (128 MB) would only hold them twice, and every start clears the whole pool: an
 * open and close from a dump took 530 ms of CPU with it, 432 ms with 16 MB; the unit stage, which opens
 * hundreds, 486 s then 467 s back to back.
 */
export const IN_MEMORY_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir?: string, snapshot?: Blob): Promise<Database> {
  const handle = pgliteHandle(
    await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(dataDir
        ? { dataDir }
        : {
            startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${IN_MEMORY_SHARED_BUFFERS}`],
          }),
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    }),
  );
  const client = handle.client;
  const pglite = drizzlePglite({ client, schema });
  const db: Db = pglite;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    driver: { kind: 'pglite', client },
    // PGlite has a single connection owned by this process: nothing else can race us.
    exclusive: (work) => work({ db, migrate: (config) => migratePglite(pglite, config) }),
    async listen(channel, onNotify, events) {
      const unlisten = await handle.listen(channel, onNotify);
      const unwatch = handle.onReplaced(() => events?.onRestored?.());
      return async () => {
        unwatch();
        await unlisten();
      };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    availability: alwaysAvailable(),
    ...(dataDir ? { folder: pgliteFolder(dataDir, handle) } : {}),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/**
 * Every bound node-postgres offers, so that no request waits on the database without end (issue 27):
 * connecting (or waiting for a pooled connection), a statement the server cancels, an answer the client
 * stops waiting for (the server or the network frozen: statement_timeout never fires then), a session
 * left idle in a transaction, and TCP keep-alive for a peer that vanished. PGlite runs in this process
 * and accepts `set statement_timeout` but never fires it (wasm has no timer signal: a 2 s pg_sleep under
 * a 300 ms timeout runs its 2 s), so there the bounds are the HTTP handler timeout and the shedding.
 */
export function poolOptions(url: string, timeouts: DatabaseTimeouts): pg.PoolConfig {
  return {
    connectionString: url,
    max: 10,
    application_name: 'console-server',
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
    query_timeout: timeouts.queryTimeoutMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveInitialDelayMs,
  };
}

async function openPostgres(url: string, timeouts: DatabaseTimeouts): Promise<Database> {
  const pool = new pg.Pool(poolOptions(url, timeouts));
  // An idle client that loses its connection emits 'error' on the pool; unhandled, that would crash the process.
  pool.on('error', () => undefined);
  // A checked-out client (inside a transaction, between its queries) emits 'error' on itself when the
  // connection drops, and the pool listens only to idle ones: without this, a database cut off mid-
  // transaction crashes the server. Its next query fails instead, and the request answers 503.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db: Db = drizzlePostgres({ client: pool, schema });
  const listeners = new Set<() => Promise<void>>();
  const availability = postgresAvailability(url, timeouts);
  let closed = false;
  return {
    db,
    kind: 'postgres',
    driver: { kind: 'postgres', url },
    availability,
    async exclusive(work) {
      // Advisory locks belong to a session, so the lock and the work share one connection: its own, not
      // a pooled one, because migrating and seeding may take long and wait for another instance's lock,
      // which the pool's statement and query timeouts would cut short.
      const connection = new pg.Client({
        connectionString: url,
        application_name: 'console-migrate',
        connectionTimeoutMillis: timeouts.connectTimeoutMs,
        keepAlive: true,
        keepAliveInitialDelayMillis: timeouts.keepAliveInitialDelayMs,
      });
      connection.on('error', () => undefined);
      await connection.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        try {
          const locked = drizzlePostgres({ client: connection, schema });
          return await work({ db: locked, migrate: (config) => migratePostgres(locked, config) });
        } finally {
          await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
        }
      } finally {
        await connection.end().catch(() => undefined);
      }
    },
    async listen(channel, onNotify, events) {
      const stop = await listenPostgres(url, channel, onNotify, events, timeouts);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      // A listener left open would reconnect to a database that is gone.
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await availability.stop();
      // A connection stuck on a frozen network would hold a polite end for ever: the close is bounded too.
      await bounded(pool.end(), timeouts.connectTimeoutMs + timeouts.queryTimeoutMs);
    },
  };
}

/** `work`, or nothing more after `ms`: whichever comes first. */
async function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
    timer.unref();
  });
  try {
    await Promise.race([work.then(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** How long a lost LISTEN connection waits before it reconnects. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN needs a connection of its own that stays open (a pooled one would be handed to queries). A lost
 * connection is replaced; notifications sent while it was down are lost, which the alert stream's
 * replay by sequence number makes up for on the client's reconnect, and which `events` tells a cache.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  events: ListenEvents = {},
  timeouts: DatabaseTimeouts = DEFAULT_DATABASE_TIMEOUTS,
): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect().catch(scheduleRetry), RELISTEN_DELAY_MS);
    retry.unref();
  };
  let down = false;
  const connect = async (): Promise<void> => {
    // Keep-alive probes notice a peer that vanished without closing (a cache must not trust a dead LISTEN).
    // A connect bound too: towards a frozen server a reconnect would otherwise wait for ever.
    const client = new pg.Client({
      connectionString: url,
      keepAlive: true,
      keepAliveInitialDelayMillis: timeouts.keepAliveInitialDelayMs,
      connectionTimeoutMillis: timeouts.connectTimeoutMs,
    });
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lost = () => {
      if (current !== client) return;
      current = undefined;
      client.end().catch(() => undefined);
      if (!down && !stopped) {
        down = true;
        events.onLost?.();
      }
      scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', lost);
    current = client;
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      if (down && current === client) {
        down = false;
        events.onRestored?.();
      }
    } catch (error) {
      // The caller retries (or fails the first listen); this client is done.
      if (current === client) current = undefined;
      client.end().catch(() => undefined);
      throw error;
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await bounded(client?.end().catch(() => undefined) ?? Promise.resolve(), timeouts.connectTimeoutMs);
  };
}
