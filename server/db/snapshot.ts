import { count, sql } from 'drizzle-orm';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { startOfUtcDay } from '../business/formulas';
import { createJobRunner } from '../jobs/runner';
import { seedDemo } from '../seed/demo';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { USTAR_BLOCK, ustarEntries } from './snapshot-files';
import { serverSecrets } from './schema';

/**
 * A new PGlite database spends seconds in initdb and its migrations from nothing. The build instead makes
 * one migrated database, dumps it (the empty snapshot), loads the demo dataset into it and dumps it again
 * (the demo snapshot): a first start on an empty data directory loads the demo's, or the empty one's when
 * it refuses the demo. Resolved two levels up like the migrations: right from server/db/*.ts and from
 * dist/<x>/<y>.js.
 */
export const DEMO_SNAPSHOT_FILE = fileURLToPath(
  new URL('../../dist/server/pglite-demo.tar.gz', import.meta.url),
);
export const EMPTY_SNAPSHOT_FILE = fileURLToPath(
  new URL('../../dist/server/pglite-empty.tar.gz', import.meta.url),
);

const GZIP = 'application/x-gzip';

export interface Snapshots {
  /** Migrated, catalogue synced, the job runner's schema made; no data. */
  empty: Blob;
  /** The same with the demo dataset loaded. */
  demo: Blob;
}

export type SnapshotKind = keyof Snapshots;

/** The build's two snapshots; never a signing secret in either (each install makes its own). */
export async function createSnapshots(now = Date.now()): Promise<Snapshots> {
  const database = await openDatabase();
  try {
    await migrateDatabase(database, { now });
    // The job runner's schema too: a first start then only checks its version instead of creating it.
    const jobs = createJobRunner({
      database,
      logger: { error: () => undefined, warn: () => undefined },
      work: false,
    });
    await jobs.start();
    await jobs.stop(0);
    const empty = await snapshotOf(database);
    // From the start of the build's UTC day: the first start moves it by whole days (seed/anchor.ts).
    await seedDemo(database, { now: startOfUtcDay(now), anchored: false, reports: true });
    return { empty, demo: await snapshotOf(database) };
  } finally {
    await database.close();
  }
}

async function snapshotOf(database: Database): Promise<Blob> {
  const [secrets] = await database.db.select({ n: count() }).from(serverSecrets);
  if (secrets?.n) throw new Error('A database snapshot must not carry a signing secret');
  return new Blob([gzipSync(await compactDump(database))], { type: GZIP });
}

/**
 * A PGlite database's data directory as a ustar archive, without the WAL segments a checkpoint made
 * unnecessary: only the current segment is needed; the others (16 MiB each, full of a seed's or the
 * migrations' inserts) would triple the dump and the time to load it.
 */
export async function compactDump(database: Database): Promise<Buffer> {
  await database.db.execute(sql`checkpoint`);
  const current = (await database.db.execute(sql`select pg_walfile_name(pg_current_wal_lsn()) as name`)) as {
    rows: { name: string }[];
  };
  const keep = current.rows[0]?.name;
  if (!keep) throw new Error('no current WAL segment');
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error('PGlite database without dumpDataDir');
  return withoutOldWalSegments(Buffer.from(await dump.arrayBuffer()), keep);
}

const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;

/** Drops every pg_wal segment but `keep` from a ustar archive (the format PGlite dumps). */
export function withoutOldWalSegments(tar: Buffer, keep: string): Buffer {
  const parts: Buffer[] = [];
  for (const { name, start, end } of ustarEntries(tar)) {
    const segment = WAL_SEGMENT.exec(name)?.[2];
    if (segment === undefined || segment === keep) parts.push(tar.subarray(start, end));
  }
  parts.push(Buffer.alloc(2 * USTAR_BLOCK));
  return Buffer.concat(parts);
}
