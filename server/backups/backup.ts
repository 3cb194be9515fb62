import type { Database } from '../db/client';
import { addChecksums, RowChecksum } from './checksum';
import { listTables, readSchemaVersion, readSequences, type TableShape } from './catalogue';
import { writeArchiveFile, type WrittenArchive } from './crypto';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_MAGIC,
  encodeFrame,
  type ArchiveHeader,
  type ArchiveManifest,
  type BackupType,
  type Compression,
  type TableSummary,
} from './format';
import { withCopySession } from './session';

/**
 * Append-only tables and the ever-growing key an incremental or differential archive continues from:
 * only their new rows go into those archives; every other table goes in whole.
 */
export const APPEND_ONLY_TABLES: Readonly<Record<string, string>> = {
  audit_logs: 'seq',
  usage_events: 'id',
};

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

/** Writes one archive of the database, every table read in one snapshot. */
export async function createArchive(
  database: Database,
  options: CreateArchiveOptions,
): Promise<CreatedArchive> {
  if (options.type !== 'full' && !options.base)
    throw new Error(`An ${options.type} backup needs an earlier backup to continue from`);
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
      const where =
        appendKey && after !== undefined ? `"${appendKey}" > ${BigInt(after).toString()}` : undefined;
      for await (const chunk of session.copyOut(table.name, table.columns, where)) {
        checksum.update(chunk);
        yield encodeFrame({ kind: 'D', data: chunk });
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
      }
      yield encodeFrame({ kind: 'E', summary });
      return summary;
    }

    const written = await writeArchiveFile(plaintext(), options.file, options.recipient, options.compression);
    return { ...written, header, manifest };
  });
}
