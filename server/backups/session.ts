import type { PGlite, Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../db/client';

/**
 * One transaction on either engine with COPY in and out: the backup reads every table in one snapshot,
 * the restore writes every table in one transaction (all or nothing).
 */
export interface CopySession {
  query<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
  /** The rows of `select` as COPY text, in chunks that hold whole rows, without holding the table in memory. */
  copyOut(table: string, columns: readonly string[], where?: string): AsyncIterable<Buffer>;
  /** Loads COPY text (chunks may split rows) into the table. */
  copyIn(table: string, columns: readonly string[], chunks: AsyncIterable<Buffer>): Promise<void>;
}

export type SessionMode = 'snapshot' | 'write';

/** Same text on both engines: dates, times and floats come out of COPY identically. */
const SESSION_SETTINGS = [
  `set local timezone = 'UTC'`,
  `set local datestyle = 'ISO, YMD'`,
  `set local intervalstyle = 'postgres'`,
  `set local extra_float_digits = 1`,
  `set local bytea_output = 'hex'`,
];

/**
 * A restore loads rows exactly as a consistent snapshot had them and checks every table afterwards, so a
 * superuser (PGlite's always is) skips the per-row foreign-key checks, by far the slowest part of a load.
 */
export async function skipRowChecks(session: CopySession): Promise<void> {
  const [role] = await session.query<{ on: boolean }>(`select current_setting('is_superuser') = 'on' as on`);
  if (role?.on) await session.query(`set local session_replication_role = replica`);
}

export const quoteIdent = (name: string): string => `"${name.replaceAll('"', '""')}"`;

const columnList = (columns: readonly string[]) => columns.map(quoteIdent).join(', ');

const selectSql = (table: string, columns: readonly string[], where?: string) =>
  `select ${columnList(columns)} from ${quoteIdent(table)}${where ? ` where ${where}` : ''}`;

export async function withCopySession<T>(
  database: Database,
  mode: SessionMode,
  work: (session: CopySession) => Promise<T>,
): Promise<T> {
  return database.driver.kind === 'pglite'
    ? withPgliteSession(database.driver.client, mode, work)
    : withPostgresSession(database.driver.url, mode, work);
}

async function withPostgresSession<T>(
  url: string,
  mode: SessionMode,
  work: (session: CopySession) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query(mode === 'snapshot' ? 'begin isolation level repeatable read read only' : 'begin');
    for (const statement of SESSION_SETTINGS) await client.query(statement);
    const session: CopySession = {
      async query<R extends object>(text: string, params: unknown[] = []) {
        return (await client.query<R>(text, params)).rows;
      },
      copyOut(table, columns, where) {
        return client.query(copyTo(`copy (${selectSql(table, columns, where)}) to stdout`));
      },
      async copyIn(table, columns, chunks) {
        const target = client.query(
          copyFrom(`copy ${quoteIdent(table)} (${columnList(columns)}) from stdin`),
        );
        await pipeline(Readable.from(chunks), target);
      },
    };
    const result = await work(session);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Pages read per COPY on PGlite (8 KiB each): the one COPY of a whole table would hold it all in memory. */
const PGLITE_PAGES_PER_BATCH = 2048;
/** Bytes of COPY text loaded per COPY on PGlite. */
const PGLITE_LOAD_BATCH = 1024 * 1024;

async function withPgliteSession<T>(
  client: PGlite,
  mode: SessionMode,
  work: (session: CopySession) => Promise<T>,
): Promise<T> {
  // PGlite has one connection: its transaction() holds it, so the server's other queries wait for us
  // instead of running inside our snapshot.
  return client.transaction(async (tx) => {
    for (const statement of SESSION_SETTINGS) await tx.query(statement);
    if (mode === 'snapshot') await tx.query('set transaction read only');
    return work(pgliteSession(tx));
  });
}

function pgliteSession(tx: Transaction): CopySession {
  const blobCopy = async (text: string, blob?: Blob): Promise<Blob | undefined> =>
    (await tx.query(text, [], blob ? { blob } : {})).blob;
  return {
    async query<R extends object>(text: string, params: unknown[] = []) {
      return (await tx.query<R>(text, params)).rows;
    },
    async *copyOut(table, columns, where) {
      // A TID range scan reads a slice of a table's pages: batches in flat memory, within the snapshot.
      // Pages are a plain table's own: a partitioned table has none (its size is 0), so each of its leaf
      // partitions is read so, through the parent's columns (read as the parent, its rows were lost).
      const heaps = (
        await tx.query<{ name: string; pages: number }>(
          `select c.oid::regclass::text as name,
                  (pg_relation_size(c.oid) / current_setting('block_size')::int)::int as pages
             from pg_class c where c.oid = $1::regclass and c.relkind <> 'p'
           union all
           (select t.relid::regclass::text,
                   (pg_relation_size(t.relid) / current_setting('block_size')::int)::int
              from pg_partition_tree($1::regclass) t
             where t.isleaf and t.level > 0
             order by 1)`,
          [quoteIdent(table)],
        )
      ).rows;
      for (const heap of heaps) {
        for (let first = 0; first < heap.pages; first += PGLITE_PAGES_PER_BATCH) {
          const range = `ctid >= '(${first},0)'::tid and ctid < '(${first + PGLITE_PAGES_PER_BATCH},0)'::tid`;
          const select = `select ${columnList(columns)} from ${heap.name} where ${where ? `(${where}) and ${range}` : range}`;
          const blob = await blobCopy(`copy (${select}) to '/dev/blob'`);
          if (blob && blob.size > 0) yield Buffer.from(await blob.arrayBuffer());
        }
      }
    },
    async copyIn(table, columns, chunks) {
      const text = `copy ${quoteIdent(table)} (${columnList(columns)}) from '/dev/blob'`;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async (upTo: number) => {
        const all = Buffer.concat(pending);
        pending = upTo < all.length ? [all.subarray(upTo)] : [];
        pendingBytes = all.length - upTo;
        if (upTo > 0) await blobCopy(text, new Blob([all.subarray(0, upTo)]));
      };
      for await (const chunk of chunks) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= PGLITE_LOAD_BATCH) {
          const all = Buffer.concat(pending);
          pending = [all];
          // Whole rows only: a COPY ends at a newline.
          await flush(all.lastIndexOf(0x0a) + 1);
        }
      }
      await flush(pendingBytes);
    },
  };
}
