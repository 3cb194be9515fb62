import type { Database } from '../db/client';
import { RowChecksum } from './checksum';
import { listTables, readSchemaVersion } from './catalogue';
import { readArchiveFile } from './crypto';
import { ConstraintViolationError, dropIndexes, type DeferredIndexes } from './deferred-indexes';
import {
  ArchiveFormatError,
  decodeFrames,
  type ArchiveHeader,
  type ArchiveManifest,
  type Frame,
} from './format';
import { quoteIdent, skipRowChecks, withCopySession, type CopySession } from './session';

export class RestoreRefusedError extends Error {}
export class RestoreVerificationError extends Error {}

export interface RestoreProgress {
  phase: 'loading' | 'indexing' | 'verifying';
  table: string;
  tablesDone: number;
  tablesTotal: number;
}

export interface RestoreOptions {
  /** The archives to restore, oldest first: a full, then the incrementals or differential that continue it. */
  files: readonly string[];
  identity: string;
  onProgress?(progress: RestoreProgress): void;
}

export interface RestoreResult {
  header: ArchiveHeader;
  manifest: ArchiveManifest;
  tables: number;
  rows: number;
}

// One at a time per database in this process; PostgreSQL adds an advisory lock for other instances.
const restoring = new WeakSet<Database>();
const RESTORE_LOCK_KEY = 7_341_120_515;

/**
 * Replaces every table's rows with the archives' in one transaction, then compares every table's count and
 * checksum with the archive: any mismatch, damage or refusal rolls everything back (the database is left as
 * it was). Triggers are held off while loading (the rows are already as the triggers left them) and every
 * instance's principal cache is told to drop everything at commit.
 */
export async function restoreArchives(database: Database, options: RestoreOptions): Promise<RestoreResult> {
  if (options.files.length === 0) throw new RestoreRefusedError('Nothing to restore');
  if (restoring.has(database)) throw new RestoreRefusedError('A restore is already running');
  restoring.add(database);
  try {
    return await withCopySession(database, 'write', async (session) => {
      if (database.kind === 'postgres') {
        const [lock] = await session.query<{ ok: boolean }>('select pg_try_advisory_xact_lock($1) as ok', [
          RESTORE_LOCK_KEY,
        ]);
        if (!lock?.ok) throw new RestoreRefusedError('A restore is already running');
      }
      return restoreInSession(session, options);
    });
  } finally {
    restoring.delete(database);
  }
}

async function restoreInSession(session: CopySession, options: RestoreOptions): Promise<RestoreResult> {
  const tables = await listTables(session);
  const known = new Map(tables.map((t) => [t.name, t]));
  const schemaVersion = await readSchemaVersion(session);
  const last = options.files.length - 1;
  let prepared = false;
  let deferred: DeferredIndexes | undefined;
  let final: { header: ArchiveHeader; manifest: ArchiveManifest } | undefined;

  const prepare = async (header: ArchiveHeader) => {
    if (header.schemaVersion !== schemaVersion)
      throw new RestoreRefusedError(
        `The archive was made at schema version ${header.schemaVersion}; this database is at ${schemaVersion}`,
      );
    if (prepared) return;
    prepared = true;
    await skipRowChecks(session);
    for (const table of tables)
      await session.query(`alter table ${quoteIdent(table.name)} disable trigger user`);
    await session.query(`truncate ${tables.map((t) => quoteIdent(t.name)).join(', ')}`);
    deferred = await dropIndexes(
      session,
      tables.map((t) => t.name),
    );
  };

  // One archive: one pass. A chain: the newest archive's whole tables first (parents of the appended
  // rows), then every archive's appended rows, oldest first.
  const passes: { index: number; load: 'all' | 'whole' | 'append' }[] =
    last === 0
      ? [{ index: 0, load: 'all' }]
      : [
          { index: last, load: 'whole' },
          ...options.files.map((_, index) => ({ index, load: 'append' as const })),
        ];
  let tablesDone = 0;
  for (const pass of passes) {
    const frames = decodeFrames(readArchiveFile(options.files[pass.index]!, options.identity))[
      Symbol.asyncIterator
    ]();
    const next = async (): Promise<Frame | undefined> => {
      const step = await frames.next();
      return step.done ? undefined : step.value;
    };
    const first = await next();
    if (first?.kind !== 'H') throw new ArchiveFormatError('The backup archive has no header');
    await prepare(first.header);
    for (let frame = await next(); frame; frame = await next()) {
      if (frame.kind === 'M') {
        if (pass.index === last) final = { header: first.header, manifest: frame.manifest };
        continue;
      }
      if (frame.kind !== 'T') throw new ArchiveFormatError(`Unexpected frame '${frame.kind}' in the archive`);
      const start = frame.table;
      const load = pass.load === 'all' || pass.load === start.mode;
      const table = known.get(start.name);
      if (load && !table)
        throw new RestoreRefusedError(`The archive holds a table this database lacks: ${start.name}`);
      const checksum = new RowChecksum();
      let end: Frame | undefined;
      async function* data(): AsyncGenerator<Buffer> {
        for (let f = await next(); f; f = await next()) {
          if (f.kind !== 'D') {
            end = f;
            return;
          }
          checksum.update(f.data);
          yield f.data;
        }
      }
      if (load) {
        await session.copyIn(start.name, start.columns, data());
        options.onProgress?.({
          phase: 'loading',
          table: start.name,
          tablesDone: ++tablesDone,
          tablesTotal: tables.length,
        });
      } else {
        for await (const chunk of data()) void chunk;
      }
      if (end?.kind !== 'E') throw new ArchiveFormatError(`The archive ends inside table ${start.name}`);
      if (end.summary.rows !== checksum.rows || end.summary.checksum !== checksum.digest())
        throw new RestoreVerificationError(`The archive's rows of ${start.name} do not match its checksum`);
    }
  }
  if (!final) throw new ArchiveFormatError('The backup archive is truncated (no manifest)');
  options.onProgress?.({ phase: 'indexing', table: '', tablesDone: 0, tablesTotal: tables.length });
  await deferred?.recreate().catch((error: unknown) => {
    throw error instanceof ConstraintViolationError ? new RestoreVerificationError(error.message) : error;
  });

  for (const sequence of final.manifest.sequences) {
    await session.query(`select setval($1::regclass, $2::bigint, $3)`, [
      quoteIdent(sequence.name),
      sequence.lastValue,
      sequence.isCalled,
    ]);
  }
  for (const table of tables)
    await session.query(`alter table ${quoteIdent(table.name)} enable trigger user`);
  await verifyTables(session, final.manifest, (table, done) =>
    options.onProgress?.({
      phase: 'verifying',
      table,
      tablesDone: done,
      tablesTotal: final!.manifest.tables.length,
    }),
  );
  // Delivered at commit: every instance drops its cached users and permissions.
  await session.query(`select pg_notify('principals', 'all')`);
  return {
    ...final,
    tables: final.manifest.tables.length,
    rows: final.manifest.tables.reduce((n, t) => n + t.expectedRows, 0),
  };
}

/** Reads every table back and compares its count and checksum with what the archive says it must be. */
export async function verifyTables(
  session: CopySession,
  manifest: ArchiveManifest,
  onTable?: (table: string, done: number) => void,
): Promise<void> {
  const tables = new Map((await listTables(session)).map((t) => [t.name, t]));
  let done = 0;
  for (const expected of manifest.tables) {
    const table = tables.get(expected.name);
    if (!table) throw new RestoreVerificationError(`Table ${expected.name} is missing after the restore`);
    const checksum = new RowChecksum();
    for await (const chunk of session.copyOut(table.name, table.columns)) checksum.update(chunk);
    if (checksum.rows !== expected.expectedRows || checksum.digest() !== expected.expectedChecksum)
      throw new RestoreVerificationError(
        `Verification failed for ${expected.name}: ${checksum.rows} rows, expected ${expected.expectedRows}`,
      );
    onTable?.(expected.name, ++done);
  }
}
