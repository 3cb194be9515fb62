/**
 * Backup and restore of the benchmark seed (10,000 organizations, 1,000,000 children, 1,000,000 audit
 * records; BENCH_BACKUPS_SCALE scales all three down for a quick run): backup seconds and MB/s (of the
 * database's size) and restore seconds, on PGlite and, with BENCH_DATABASE_URL or TEST_DATABASE_URL, on
 * PostgreSQL beside `pg_dump -Fc` / `pg_restore` of the same data. Target: within 2×. PGlite runs as the
 * embedded console does, in a data folder: the backup reads a copy of the folder (the pause requests wait
 * for is measured apart), the restore loads a copy of the folder and swaps it in. PostgreSQL restores into
 * a fresh database, as pg_restore does.
 */
import { sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createArchive } from '../server/backups/backup';
import { generateX25519Identity, identityToRecipient } from '../server/backups/crypto';
import { restoreIntoFolder } from '../server/backups/recovery';
import { restoreArchives } from '../server/backups/restore';
import { openDatabase, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { insertBenchmarkBusiness } from '../server/seed/bench-business';
import { createPostgresDatabase } from '../tests/support/databases';
import type { BenchResult } from './run';

const run = promisify(execFile);
const scale = Number(process.env.BENCH_BACKUPS_SCALE ?? '1');
const SIZE = { organizations: Math.round(10_000 * scale), children: Math.round(1_000_000 * scale) };
const AUDIT_ROWS = Math.round(1_000_000 * scale);

async function seed(database: Database): Promise<void> {
  await migrateDatabase(database);
  await insertBenchmarkBusiness(database.db, Date.now(), SIZE);
  await database.db.execute(sql`
    insert into audit_logs (action, resource, resource_id, details, "timestamp", status, severity, seq, prev_hash, hash)
    select 'UPDATE', 'child', g::text, jsonb_build_object('field', 'name', 'n', g),
           now() - (g || ' seconds')::interval, 'success', 'low', g, '', ''
      from generate_series(1, ${AUDIT_ROWS}) g`);
}

const seconds = (from: number) => (performance.now() - from) / 1000;

async function measureEngine(
  label: string,
  open: () => Promise<Database>,
  work: string,
): Promise<{ results: BenchResult[]; source?: Database }> {
  const identity = await generateX25519Identity();
  const recipient = await identityToRecipient(identity);
  const source = await open();
  await seed(source);
  const [size] = (
    (await source.db.execute(
      sql`select pg_database_size(current_database())::float8 as bytes`,
    )) as unknown as {
      rows: { bytes: number }[];
    }
  ).rows;
  const file = path.join(work, `${label}.gz.age`);
  let began = performance.now();
  const archive = await createArchive(source, {
    file,
    recipient,
    compression: 'gzip',
    type: 'full',
    now: Date.now(),
  });
  const backup = seconds(began);
  const results: BenchResult[] = [];
  began = performance.now();
  if (source.folder) {
    await restoreIntoFolder(source.folder, { files: [file], identity }, () => undefined);
  } else {
    const target = await open();
    await migrateDatabase(target);
    began = performance.now();
    await restoreArchives(target, { files: [file], identity });
    await target.close();
  }
  const restore = seconds(began);
  if (source.folder) {
    // What the server's requests wait for during a backup: the checkpoint and the copy of the folder.
    began = performance.now();
    const copy = await source.folder.copy();
    results.push({
      name: `backup pause, requests held (${label})`,
      value: seconds(began),
      unit: 's',
      detail: 'checkpoint and copy of the data folder; the backup itself reads the copy',
    });
    await rm(copy, { recursive: true, force: true });
  }
  const mb = (size?.bytes ?? 0) / 1024 / 1024;
  const detail = `${archive.manifest.rows} rows, database ${mb.toFixed(0)} MiB, archive ${(archive.size / 1024 / 1024).toFixed(1)} MiB`;
  return {
    source,
    results: [
      { name: `backup seconds (${label})`, value: backup, unit: 's', detail },
      { name: `backup MB/s (${label})`, value: mb / backup, unit: 'MB/s', detail },
      { name: `restore seconds, verified (${label})`, value: restore, unit: 's', detail },
      ...results,
    ],
  };
}

export async function measureBackups(): Promise<BenchResult[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'bench-backups-'));
  const results: BenchResult[] = [];
  try {
    const pglite = await measureEngine(
      'PGlite',
      () => openDatabase({ dataDir: path.join(work, 'pglite-database') }),
      work,
    );
    await pglite.source?.close();
    results.push(...pglite.results);
    const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (serverUrl) {
      const created: { url: string; drop(): Promise<void> }[] = [];
      const open = async () => {
        const db = await createPostgresDatabase(serverUrl);
        created.push(db);
        return openDatabase({ url: db.url });
      };
      try {
        const postgres = await measureEngine('PostgreSQL', open, work);
        await postgres.source?.close();
        results.push(...postgres.results);
        const dump = path.join(work, 'pg.dump');
        let began = performance.now();
        await run('pg_dump', ['-Fc', '-f', dump, created[0]!.url]);
        const dumpSeconds = seconds(began);
        const empty = await createPostgresDatabase(serverUrl);
        created.push(empty);
        began = performance.now();
        await run('pg_restore', ['--no-owner', '-d', empty.url, dump]);
        const restoreSeconds = seconds(began);
        const ours = (name: string) => results.find((r) => r.name === name)!.value;
        results.push(
          {
            name: 'pg_dump -Fc seconds (PostgreSQL)',
            value: dumpSeconds,
            unit: 's',
            detail: `ours ${(ours('backup seconds (PostgreSQL)') / dumpSeconds).toFixed(2)}× of it (target ≤ 2×)`,
          },
          {
            name: 'pg_restore seconds (PostgreSQL)',
            value: restoreSeconds,
            unit: 's',
            detail: `ours ${(ours('restore seconds, verified (PostgreSQL)') / restoreSeconds).toFixed(2)}× of it (target ≤ 2×)`,
          },
        );
      } finally {
        for (const db of created) await db.drop();
      }
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureBackups())
    console.log(`${r.name}: ${r.value.toFixed(2)} ${r.unit} — ${r.detail ?? ''}`);
}
