import { rm } from 'node:fs/promises';
import { openDatabase, type Database } from '../db/client';
import { addChecksums, RowChecksum } from './checksum';
import { listTables, readSchemaVersion, readSequences, type TableShape } from './catalogue';
import { writeArchiveFile, type WrittenArchive } from './crypto';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_MAGIC,
  dataFrameHead,
  encodeFrame,
  type ArchiveHeader,
  type ArchiveManifest,
  type BackupType,
  type Compression,
  type OpenKeys,
  type TableSummary,
} from './format';
import { quoteIdent, withCopySession, type CopySession } from './session';

/**
 * Append-only tables and the ever-growing key an incremental or differential archive continues from:
 * only their new rows go into those archives; every other table goes in whole.
 */
export const APPEND_ONLY_TABLES: Readonly<Record<string, string>> = {
  audit_logs: 'seq',
  usage_events: 'id',
};

/**
 * The keys an append-only table's next archive must take again besides those above `lastKey`: on
 * PostgreSQL a transaction takes its identity value at insert and commits later, so a snapshot can see a
 * key without an earlier one that is still to come. Only while another transaction is open at the
 * snapshot can a missing key still come (a rolled-back or deleted one never does): then the gaps at or
 * below `lastKey` are recorded, and those carried from the base are kept (shrunk to what is still
 * missing) until the oldest open transaction is younger than the snapshot that first saw them.
 */
async function openKeys(
  session: CopySession,
  table: string,
  key: string,
  after: string,
  lastKey: string,
  carried: readonly OpenKeys[],
): Promise<OpenKeys[]> {
  const [snapshot] = await session.query<{ xmin: string; xmax: string; open: number }>(
    `select pg_snapshot_xmin(s)::text as xmin, pg_snapshot_xmax(s)::text as xmax,
            (select count(*) from pg_snapshot_xip(s))::int as open
       from pg_current_snapshot() s`,
  );
  if (!snapshot) return [];
  const gaps = async (lower: bigint, upper: bigint, xmax: string): Promise<OpenKeys[]> => {
    if (upper <= lower) return [];
    // The sentinel upper + 1 closes a gap that runs to the range's end.
    const rows = await session.query<{ from: string; to: string }>(
      `select (prev + 1)::text as "from", (k - 1)::text as "to"
         from (select k, coalesce(lag(k) over (order by k), ${lower}) as prev
                 from (select ${quoteIdent(key)} as k from ${quoteIdent(table)}
                        where ${quoteIdent(key)} > ${lower} and ${quoteIdent(key)} <= ${upper}
                       union all select ${upper + 1n}) keys) steps
        where k - prev > 1`,
    );
    return rows.map((r) => ({ ...r, xmax }));
  };
  const stillOpen = carried.filter((r) => BigInt(snapshot.xmin) <= BigInt(r.xmax));
  const result: OpenKeys[] = [];
  for (const r of stillOpen) result.push(...(await gaps(BigInt(r.from) - 1n, BigInt(r.to), r.xmax)));
  if (snapshot.open > 0) result.push(...(await gaps(BigInt(after), BigInt(lastKey), snapshot.xmax)));
  return result;
}

/** The archive an incremental or differential continues: its run and what its manifest said. */
export interface BackupBase {
  runId: string;
  fileName: string;
  manifest: ArchiveManifest;
}

export interface BackupProgress {
  table: string;
  tablesDone: number;
  tablesTotal: number;
  rows: number;
}

export interface CreateArchiveOptions {
  file: string;
  recipient: string;
  compression: Compression;
  type: BackupType;
  /** Required for incremental and differential. */
  base?: BackupBase;
  now: number;
  onProgress?(progress: BackupProgress): void;
}

export interface CreatedArchive extends WrittenArchive {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
}

/**
 * Writes one archive of the database, every table read in one snapshot. PGlite in a data folder has one
 * connection, which a snapshot would hold for the whole backup: the backup reads a copy of the folder
 * instead (made in a moment's pause), as a second instance, while the server goes on.
 */
export async function createArchive(
  database: Database,
  options: CreateArchiveOptions,
): Promise<CreatedArchive> {
  if (options.type !== 'full' && !options.base)
    throw new Error(`An ${options.type} backup needs an earlier backup to continue from`);
  const folder = database.folder;
  if (!folder) return archiveOf(database, options);
  const copy = await folder.copy();
  try {
    const source = await openDatabase({ dataDir: copy });
    try {
      return await archiveOf(source, options);
    } finally {
      await source.close();
    }
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

async function archiveOf(database: Database, options: CreateArchiveOptions): Promise<CreatedArchive> {
  return withCopySession(database, 'snapshot', async (session) => {
    const tables = await listTables(session);
    const header: ArchiveHeader = {
      format: ARCHIVE_FORMAT,
      schemaVersion: await readSchemaVersion(session),
      createdAt: new Date(options.now).toISOString(),
      engine: database.kind,
      type: options.type,
      ...(options.base && options.type !== 'full'
        ? { base: { runId: options.base.runId, fileName: options.base.fileName } }
        : {}),
    };
    const manifest: ArchiveManifest = {
      tables: [],
      sequences: await readSequences(
        session,
        tables.map((t) => t.name),
      ),
      rows: 0,
    };
    const baseTables = new Map(
      (options.type === 'full' ? [] : options.base!.manifest.tables).map((t) => [t.name, t]),
    );

    async function* plaintext(): AsyncGenerator<Buffer> {
      yield ARCHIVE_MAGIC;
      yield encodeFrame({ kind: 'H', header });
      for (const [index, table] of tables.entries()) {
        const summary = yield* tableFrames(table, baseTables.get(table.name));
        manifest.tables.push(summary);
        manifest.rows += summary.rows;
        options.onProgress?.({
          table: table.name,
          tablesDone: index + 1,
          tablesTotal: tables.length,
          rows: manifest.rows,
        });
      }
      yield encodeFrame({ kind: 'M', manifest });
    }

    async function* tableFrames(table: TableShape, base: TableSummary | undefined) {
      const key = APPEND_ONLY_TABLES[table.name];
      const appendKey = key && table.columns.includes(key) ? key : undefined;
      // A base that held the table as an append-only one continues from its last key; otherwise from the start.
      const after =
        appendKey && base?.mode === 'append' && base.lastKey !== undefined ? base.lastKey : undefined;
      yield encodeFrame({
        kind: 'T',
        table: {
          name: table.name,
          columns: table.columns,
          mode: appendKey ? 'append' : 'whole',
          ...(appendKey && after !== undefined ? { appendKey: { column: appendKey, after } } : {}),
        },
      });
      const checksum = new RowChecksum();
      const carried = appendKey && after !== undefined ? (base?.openKeys ?? []) : [];
      const where =
        appendKey && after !== undefined
          ? [
              `"${appendKey}" > ${BigInt(after).toString()}`,
              ...carried.map((r) => `"${appendKey}" between ${BigInt(r.from)} and ${BigInt(r.to)}`),
            ].join(' or ')
          : undefined;
      for await (const chunk of session.copyOut(table.name, table.columns, where)) {
        checksum.update(chunk);
        yield dataFrameHead(chunk.length);
        yield chunk;
      }
      const digest = checksum.digest();
      const continues = after !== undefined && base;
      const summary: TableSummary = {
        name: table.name,
        mode: appendKey ? 'append' : 'whole',
        rows: checksum.rows,
        checksum: digest,
        expectedRows: continues ? base.expectedRows + checksum.rows : checksum.rows,
        expectedChecksum: continues ? addChecksums(base.expectedChecksum, digest) : digest,
      };
      if (appendKey) {
        const [last] = await session.query<{ last: string | null }>(
          `select max("${appendKey}")::text as last from "${table.name}"`,
        );
        summary.lastKey = last?.last ?? after ?? '0';
        const open = await openKeys(session, table.name, appendKey, after ?? '0', summary.lastKey, carried);
        if (open.length) summary.openKeys = open;
      }
      yield encodeFrame({ kind: 'E', summary });
      return summary;
    }

    const written = await writeArchiveFile(plaintext(), options.file, options.recipient, options.compression);
    return { ...written, header, manifest };
  });
}
