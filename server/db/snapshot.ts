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
 * A PGlite database's data directory as a ustar archive, with only the WAL it needs: the current segment,
 * cut after its last page of this segment's records. Everything is first checkpointed into the data files,
 * then the WAL switched to a new segment that a second checkpoint leaves holding its own record alone: the
 * older segments (16 MiB each, full of a seed's or the migrations' inserts) and the current one's unused
 * pages (zeros, or an older segment's records when PostgreSQL recycled its file) would otherwise be most of
 * the archive, and every load copies, unpacks and writes all of it. PostgreSQL reads a segment that ends
 * early as the end of the WAL, and writes on past it.
 */
export async function compactDump(database: Database): Promise<Buffer> {
  await database.db.execute(sql`checkpoint`);
  await database.db.execute(sql`select pg_switch_wal()`);
  await database.db.execute(sql`checkpoint`);
  // The segment that holds the last byte written (pg_walfile_name's own rule: at a segment's very end, the
  // name is that segment's, not the next one's, which holds nothing yet).
  const current = (await database.db.execute(
    sql`select pg_walfile_name(pg_current_wal_lsn()) as name, pg_current_wal_lsn()::text as lsn,
        (select setting from pg_settings where name = 'wal_segment_size') as size`,
  )) as { rows: { name: string; lsn: string; size: string }[] };
  const row = current.rows[0];
  if (!row) throw new Error('no current WAL segment');
  const dump = await database.dumpDataDir?.();
  if (!dump) throw new Error('PGlite database without dumpDataDir');
  const written = lsnPosition(row.lsn);
  const size = BigInt(row.size);
  return withOnlyCurrentWal(Buffer.from(await dump.arrayBuffer()), {
    name: row.name,
    start: ((written - 1n) / size) * size,
    written,
  });
}

/**
 * The WAL segment a dump keeps: its file's name, the WAL position its first page is for, and how far the
 * WAL was written when the dump was taken.
 */
export interface WalSegment {
  name: string;
  start: bigint;
  written: bigint;
}

/** A WAL position written as PostgreSQL writes an LSN ("16/B374D848": two 32-bit halves in hex). */
export function lsnPosition(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (!high || !low) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) | BigInt(`0x${low}`);
}

const WAL_SEGMENT = /(^|\/)pg_wal\/([0-9A-F]{24})$/;
/** PostgreSQL's WAL page (XLOG_BLCKSZ). */
export const WAL_PAGE = 8192;
/** Where a WAL page's header says which WAL position the page is for (xlp_pageaddr, little-endian). */
const PAGE_ADDRESS_OFFSET = 8;

/**
 * Drops every pg_wal segment but `keep` from a ustar archive (the format PGlite dumps), and cuts `keep`
 * after its own pages: as PostgreSQL's reader does, a page whose header names another WAL position (zeros,
 * or a recycled file's older records) ends the segment's WAL. The file may be shorter than a segment (one
 * loaded from such a dump, or recycled from one). Refuses to cut before what was written.
 */
export function withOnlyCurrentWal(tar: Buffer, keep: WalSegment): Buffer {
  const parts: Buffer[] = [];
  for (const { name, body, start, end } of ustarEntries(tar)) {
    const segment = WAL_SEGMENT.exec(name)?.[2];
    if (segment === undefined) parts.push(tar.subarray(start, end));
    else if (segment === keep.name) {
      const used = pagesInUse(body, keep.start) * WAL_PAGE;
      if (keep.start + BigInt(used) < keep.written)
        throw new Error(`The dump's WAL segment ${name} ends before the WAL written (${keep.written})`);
      parts.push(
        ustarHeaderWithSize(tar.subarray(start, start + USTAR_BLOCK), used),
        body.subarray(0, used),
        Buffer.alloc((USTAR_BLOCK - (used % USTAR_BLOCK)) % USTAR_BLOCK),
      );
    }
  }
  parts.push(Buffer.alloc(2 * USTAR_BLOCK));
  return Buffer.concat(parts);
}

/** How many of a segment's first pages carry its own WAL position in their header. */
function pagesInUse(body: Buffer, start: bigint): number {
  let pages = 0;
  while (
    (pages + 1) * WAL_PAGE <= body.length &&
    body.readBigUInt64LE(pages * WAL_PAGE + PAGE_ADDRESS_OFFSET) === start + BigInt(pages * WAL_PAGE)
  )
    pages++;
  return pages;
}

/** A copy of a ustar header with another size, its checksum computed again. */
function ustarHeaderWithSize(header: Buffer, size: number): Buffer {
  const copy = Buffer.from(header);
  copy.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 12, 'latin1');
  // The checksum counts its own field as eight spaces.
  copy.fill(' ', 148, 156);
  let sum = 0;
  for (const byte of copy) sum += byte;
  copy.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return copy;
}
