import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArchive } from '../../../../server/backups/backup';
import { listTables } from '../../../../server/backups/catalogue';
import { RowChecksum } from '../../../../server/backups/checksum';
import {
  generateX25519Identity,
  identityToRecipient,
  readArchiveFile,
  writeArchiveFile,
} from '../../../../server/backups/crypto';
import { dropIndexes } from '../../../../server/backups/deferred-indexes';
import { ARCHIVE_MAGIC, decodeFrames, encodeFrame, type Frame } from '../../../../server/backups/format';
import { restoreArchives, RestoreVerificationError } from '../../../../server/backups/restore';
import { withCopySession } from '../../../../server/backups/session';
import type { Database } from '../../../../server/db/client';
import { testDatabases } from '../../../support/databases';
import { tableChecksums } from './checksums';

const NOW = Date.parse('2026-03-02T09:00:00.000Z');

let work: string;
let identity: string;
let recipient: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'console-deferred-indexes-'));
  identity = await generateX25519Identity();
  recipient = await identityToRecipient(identity);
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

interface CatalogueRow {
  kind: string;
  table: string;
  name: string;
  definition: string;
}

/** Every index, constraint (with whether it is validated) and NOT NULL column of the schema. */
async function catalogue(database: Database): Promise<CatalogueRow[]> {
  const result = (await database.db.execute(sql`
    select 'index' as kind, tablename::text as table, indexname::text as name, indexdef as definition
      from pg_indexes where schemaname = current_schema()
    union all
    select 'constraint', k.conrelid::regclass::text, k.conname::text,
           k.contype::text || ' ' || pg_get_constraintdef(k.oid) || ' validated ' || k.convalidated::text
      from pg_constraint k where k.connamespace = current_schema()::regnamespace
    union all
    select 'not null', c.relname::text, a.attname::text, a.attnotnull::text
      from pg_attribute a join pg_class c on c.oid = a.attrelid
     where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and a.attnum > 0
       and not a.attisdropped
    order by 1, 2, 3`)) as unknown as { rows: CatalogueRow[] };
  return result.rows;
}

async function readFrames(file: string): Promise<Frame[]> {
  const frames: Frame[] = [];
  for await (const frame of decodeFrames(readArchiveFile(file, identity))) frames.push(frame);
  return frames;
}

async function writeFrames(frames: Frame[], file: string): Promise<void> {
  async function* plaintext(): AsyncGenerator<Buffer> {
    yield ARCHIVE_MAGIC;
    for (const frame of frames) yield encodeFrame(frame);
  }
  await writeArchiveFile(plaintext(), file, recipient, 'gzip');
}

/** The data frames of one table, replaced by `edit`'s COPY text. */
function editTable(frames: Frame[], table: string, edit: (data: Buffer) => Buffer): Frame[] {
  const start = frames.findIndex((f) => f.kind === 'T' && f.table.name === table);
  const end = frames.findIndex((f, i) => i > start && f.kind === 'E');
  const data = Buffer.concat(frames.slice(start + 1, end).flatMap((f) => (f.kind === 'D' ? [f.data] : [])));
  const edited = edit(data);
  return [
    ...frames.slice(0, start + 1),
    ...(edited.length > 0 ? [{ kind: 'D' as const, data: edited }] : []),
    ...frames.slice(end),
  ];
}

/** Summary and manifest made to agree with the table's (edited) rows, as a consistent archive would. */
function resummarise(frames: Frame[], table: string): Frame[] {
  const start = frames.findIndex((f) => f.kind === 'T' && f.table.name === table);
  const checksum = new RowChecksum();
  let i = start + 1;
  for (; frames[i]?.kind === 'D'; i++) checksum.update((frames[i] as { data: Buffer }).data);
  const rows = checksum.rows;
  const digest = checksum.digest();
  return frames.map((frame, index) => {
    if (index === i && frame.kind === 'E')
      return {
        ...frame,
        summary: { ...frame.summary, rows, checksum: digest, expectedRows: rows, expectedChecksum: digest },
      };
    if (frame.kind === 'M')
      return {
        ...frame,
        manifest: {
          ...frame.manifest,
          tables: frame.manifest.tables.map((t) =>
            t.name === table
              ? { ...t, rows, checksum: digest, expectedRows: rows, expectedChecksum: digest }
              : t,
          ),
        },
      };
    return frame;
  });
}

const firstRow = (data: Buffer) => data.subarray(0, data.indexOf(0x0a) + 1);

describe.each(testDatabases)('indexes and keys around a restore on $name', { timeout: 300_000 }, (target) => {
  let database: Database;
  let file: string;
  let frames: Frame[];
  beforeAll(async () => {
    database = await target.openDemo({ now: NOW, anchored: false });
    file = path.join(work, `${target.name}.gz.age`);
    await createArchive(database, { file, recipient, compression: 'gzip', type: 'full', now: NOW });
    frames = await readFrames(file);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('loads into bare tables: every index, key and foreign key of them is off inside the transaction', async () => {
    const left = await withCopySession(database, 'write', async (session) => {
      const tables = (await listTables(session)).map((t) => t.name);
      await dropIndexes(session, tables);
      const [counts] = await session.query<{ indexes: number; constraints: number }>(
        `select (select count(*)::int from pg_indexes
                  where schemaname = current_schema() and tablename = any($1::text[])) as indexes,
                (select count(*)::int from pg_constraint k join pg_class c on c.oid = k.conrelid
                  where k.contype in ('p', 'u', 'x', 'f') and c.relnamespace = current_schema()::regnamespace
                    and c.relname = any($1::text[])) as constraints`,
        [tables],
      );
      throw Object.assign(new Error('roll back'), { counts });
    }).catch((error: { counts?: unknown }) => error.counts);
    expect(left).toEqual({ indexes: 0, constraints: 0 });
  });

  it('builds every index, key and foreign key again, identical to before', async () => {
    const before = await catalogue(database);
    expect(before.some((row) => row.kind === 'constraint' && row.definition.startsWith('f '))).toBe(true);
    expect(before.some((row) => row.kind === 'index' && !row.name.endsWith('_pkey'))).toBe(true);
    const rows = await tableChecksums(database);

    await restoreArchives(database, { files: [file], identity });
    expect(await catalogue(database)).toEqual(before);
    expect(await tableChecksums(database)).toEqual(rows);
  });

  it('leaves every index and key in place when a table late in the archive is damaged', async () => {
    const before = await catalogue(database);
    const rows = await tableChecksums(database);
    const loaded = frames.flatMap((f) => (f.kind === 'E' && f.summary.rows > 0 ? [f.summary.name] : []));
    const late = loaded.at(-1)!;
    const damaged = path.join(work, `${target.name}-late-damage.gz.age`);
    // One row twice: the table's rows no longer match the archive's checksum of them.
    await writeFrames(
      editTable(frames, late, (data) => Buffer.concat([firstRow(data), data])),
      damaged,
    );

    await expect(restoreArchives(database, { files: [damaged], identity })).rejects.toThrow(
      `The archive's rows of ${late} do not match its checksum`,
    );
    expect(await catalogue(database)).toEqual(before);
    expect(await tableChecksums(database)).toEqual(rows);
  });

  it('refuses rows that break a foreign key or a key, and leaves everything as it was', async () => {
    const before = await catalogue(database);
    const rows = await tableChecksums(database);

    const orphans = path.join(work, `${target.name}-orphans.gz.age`);
    await writeFrames(
      resummarise(
        editTable(frames, 'organizations', () => Buffer.alloc(0)),
        'organizations',
      ),
      orphans,
    );
    const orphaned = restoreArchives(database, { files: [orphans], identity });
    await expect(orphaned).rejects.toThrow(RestoreVerificationError);
    await expect(orphaned).rejects.toThrow(/^The archive's rows break .*violates foreign key constraint/);
    expect(await catalogue(database)).toEqual(before);
    expect(await tableChecksums(database)).toEqual(rows);

    const duplicates = path.join(work, `${target.name}-duplicates.gz.age`);
    await writeFrames(
      resummarise(
        editTable(frames, 'organizations', (data) => Buffer.concat([firstRow(data), data])),
        'organizations',
      ),
      duplicates,
    );
    await expect(restoreArchives(database, { files: [duplicates], identity })).rejects.toThrow(
      /^The archive's rows break .*could not create unique index/,
    );
    expect(await catalogue(database)).toEqual(before);
    expect(await tableChecksums(database)).toEqual(rows);
  });
});
