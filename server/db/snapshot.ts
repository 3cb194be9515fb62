import { count } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { seedDemo } from '../seed/demo';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { serverSecrets } from './schema';

/**
 * A new PGlite database spends seconds in initdb. The build instead makes one migrated database with
 * the demo dataset, dumps it, and a first start on an empty data directory loads that dump.
 * Resolved two levels up like the migrations: right from server/db/*.ts and from dist/<x>/<y>.js.
 */
export const DEMO_SNAPSHOT_FILE = fileURLToPath(
  new URL('../../dist/server/pglite-demo.tar.gz', import.meta.url),
);

const GZIP = 'application/x-gzip';

/** Migrated, catalogue synced, demo dataset loaded; never a signing secret (each install makes its own). */
export async function createDemoSnapshot(): Promise<Blob> {
  const database = await openDatabase();
  try {
    await migrateDatabase(database);
    await seedDemo(database);
    const [secrets] = await database.db.select({ n: count() }).from(serverSecrets);
    if (secrets?.n) throw new Error('The demo snapshot must not carry a signing secret');
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite database without dumpDataDir');
    return new Blob([gzipSync(Buffer.from(await dump.arrayBuffer()))], { type: GZIP });
  } finally {
    await database.close();
  }
}

/** The snapshot to start a PGlite data directory from: only a directory holding no database yet. */
export async function snapshotFor(dataDir: string, file: string): Promise<Blob | undefined> {
  if (existsSync(path.join(dataDir, 'PG_VERSION')) || !existsSync(file)) return undefined;
  return new Blob([await readFile(file)], { type: GZIP });
}
