import { fileURLToPath } from 'node:url';
import type { Database } from './client';
import { sealLegacyAuditRecords } from '../audit/chain';
import { anchorDemo } from '../seed/anchor';
import { SIGNAL_PARTITIONS } from '../monitoring/rollup';
import { USAGE_PARTITIONS } from '../usage/jobs';
import { syncCatalogue } from './catalogue';
import { ensurePartitions } from './partitions';

/**
 * The migrations folder. From source this file is server/db/migrate.ts; bundled, it is inlined into
 * dist/<x>/<y>.js. Both sit two levels below the app root, so one relative URL serves both.
 */
export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(
  new URL('../../server/db/migrations', import.meta.url),
);

export interface MigrateOptions {
  /** Overrides the folder, for layouts where the default does not hold (a packaged app, say). */
  migrationsFolder?: string;
  /** The server's clock: a demo waiting for its first start moves to this instant's day. */
  now?: number;
}

/**
 * Brings the schema up to date and makes the roles and permissions in the database match the catalogue in
 * shared/permissions.ts, makes the current time partitions, moves a demo snapshot to its first start. Runs at every start, under a lock so that instances starting together take turns.
 */
export async function migrateDatabase(database: Database, options: MigrateOptions = {}): Promise<void> {
  const migrationsFolder = options.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER;
  await database.exclusive(async ({ db, migrate }) => {
    await migrate({ migrationsFolder });
    await syncCatalogue(db);
    // Today's partitions and the next ones before the demo moves its rows to today (the older days it
    // moves go to the DEFAULT partitions; the hourly maintenance gives them their partitions).
    await ensurePartitions(db, [...SIGNAL_PARTITIONS, ...USAGE_PARTITIONS], options.now ?? Date.now());
    // The move seals the demo's audit records as it moves them; the seal then takes what else is unsealed.
    await anchorDemo(db, options.now ?? Date.now());
    await sealLegacyAuditRecords(db);
  });
}

/** `database` migrated (migrateDatabase); closed if that fails, so that the caller has nothing to close. */
export async function migrated(database: Database, options: MigrateOptions = {}): Promise<Database> {
  try {
    await migrateDatabase(database, options);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
