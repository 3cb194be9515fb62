/**
 * PGlite in a data folder (the embedded console): a backup reads a copy of the folder while the server
 * goes on, and a restore goes into a copy that replaces the folder after verification, the old folder
 * kept until the next successful start. Crashes and folders that do not open are recovered at start.
 */
import { eq, sql } from 'drizzle-orm';
import { cpSync } from 'node:fs';
import { mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createArchive } from '../../../../server/backups/backup';
import { startRestore } from '../../../../server/backups/recovery';
import type { BackupService } from '../../../../server/backups/service';
import { openDatabase, type Database } from '../../../../server/db/client';
import { migrateDatabase } from '../../../../server/db/migrate';
import { recoverPgliteFolders } from '../../../../server/db/pglite-folders';
import { alerts, backupRuns, organizations } from '../../../../server/db/schema';
import { createLogger } from '../../../../server/logger';
import { LOCK_FILE_REPAIRED, startServer } from '../../../../server/start';
import { quietBackupService } from '../../../support/backups';
import { newPgliteFolder } from '../../../support/databases';
import { createClock } from '../../../support/server';

const quiet = createLogger({ level: 'silent' });
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'console-pglite-folder-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const besides = async (dataDir: string) =>
  (await readdir(path.dirname(dataDir))).filter((name) => name.startsWith(`${path.basename(dataDir)}.`));

/** A folder PGlite refuses to open (its files claim another PostgreSQL version). */
async function brokenCopyOf(dataDir: string, target: string): Promise<void> {
  cpSync(dataDir, target, { recursive: true });
  await writeFile(path.join(target, 'PG_VERSION'), '9\n');
}

const slugs = async (database: Database) =>
  (await database.db.select({ slug: organizations.slug }).from(organizations)).map((o) => o.slug).sort();

describe('backup and restore of PGlite in a data folder', { timeout: 300_000 }, () => {
  const clock = createClock();
  let root: string;
  let dataDir: string;
  let database: Database;
  let service: BackupService;
  const maintenance: string[] = [];

  beforeAll(async () => {
    root = await mkdtemp(path.join(work, 'service-'));
    dataDir = path.join(root, 'database');
    database = await openDatabase({ dataDir: await newPgliteFolder(dataDir) });
    await migrateDatabase(database, { now: clock.now() });
    service = await quietBackupService({ database, dataFolder: root, now: clock.now });
    await service.recover();
  });
  afterAll(async () => {
    await database.close();
  });
  afterEach(() => {
    maintenance.length = 0;
  });

  const restore = async (runId: string) => {
    const { done } = await startRestore(service, {
      runId,
      maintenance: {
        enter: async () => void maintenance.push('enter'),
        leave: async () => void maintenance.push('leave'),
      },
    });
    return done;
  };

  it('backs up from a copy of the folder: the server answers while the backup reads', async () => {
    await database.db.insert(organizations).values({ name: 'Before', slug: 'before' });
    const answered: string[] = [];
    let asked: Promise<unknown> | undefined;
    const archive = await createArchive(database, {
      file: path.join(root, 'direct.age'),
      recipient: service.key.recipient,
      compression: 'gzip',
      type: 'full',
      now: clock.now(),
      onProgress: (p) => {
        // On the one connection a snapshot would hold, this query would wait for the whole backup.
        if (p.tablesDone === 1)
          asked = database.db.execute(sql`select 1`).then(() => answered.push(`query ${p.tablesTotal}`));
        if (p.tablesDone === p.tablesTotal) answered.push('last table');
      },
    });
    await asked;
    expect(answered[0]).toMatch(/^query /);
    expect(archive.manifest.tables.find((t) => t.name === 'organizations')?.rows).toBe(1);
    // The copy it read is gone.
    expect((await besides(dataDir)).filter((n) => n.includes('.copy-'))).toEqual([]);
  });

  it('restores into a copy that replaces the folder: a later change is gone, the old folder kept', async () => {
    const point = await (await service.start({ trigger: 'manual' })).done;
    expect(point.status).toBe('success');
    await database.db.insert(organizations).values({ name: 'After', slug: 'after' });
    const heard: string[] = [];
    const unlisten = await database.listen('folder_test', (payload) => heard.push(payload), {
      onRestored: () => heard.push('restored'),
    });

    const outcome = await restore(point.id);

    expect(outcome.tables).toBeGreaterThan(10);
    expect(await slugs(database)).toEqual(['before']);
    expect(maintenance).toEqual(['enter', 'leave']);
    const left = await besides(dataDir);
    expect(left.filter((n) => n.includes('.previous-'))).toHaveLength(1);
    expect(left.filter((n) => n.includes('.copy-') || n.includes('.swap'))).toEqual([]);
    // The backup's own records are the live ones: the safety backup made just before is still listed.
    const safety = await database.db.select().from(backupRuns).where(eq(backupRuns.id, outcome.safetyBackup));
    expect(safety[0]?.status).toBe('success');
    // Listeners follow the new instance, and heard that the database underneath changed.
    expect(heard).toEqual(['restored']);
    await database.db.execute(sql`select pg_notify('folder_test', 'after the swap')`);
    await expect.poll(() => heard).toContain('after the swap');
    await unlisten();
    expect(service.activity.get(`restore:${point.id}`)).toMatchObject({
      step: 'Restore completed and verified',
      percent: 100,
    });
  });

  it('a restore that fails leaves the folder as it was, no copy behind', async () => {
    // An archive holding a table this database no longer has: refused while loading the copy.
    await database.db.execute(sql`create table folder_extra (id int primary key)`);
    const point = await (await service.start({ trigger: 'manual' })).done;
    await database.db.execute(sql`drop table folder_extra`);
    await database.db.insert(organizations).values({ name: 'Kept', slug: 'kept' });
    const before = await besides(dataDir);

    await expect(restore(point.id)).rejects.toThrow(
      'The archive holds a table this database lacks: folder_extra',
    );

    expect(await slugs(database)).toEqual(['before', 'kept']);
    expect(await besides(dataDir)).toEqual(before);
    expect(maintenance).toEqual(['enter', 'leave']);
    expect(service.activity.get(`restore:${point.id}`)).toMatchObject({
      step: 'Restore failed: The archive holds a table this database lacks: folder_extra',
      percent: 100,
      failed: true,
    });
  });

  it('a restored folder that does not open is put aside and the old one serves on', async () => {
    const prepared = path.join(root, 'database.copy-broken');
    await brokenCopyOf(dataDir, prepared);
    const before = await besides(dataDir);
    await expect(database.folder!.replaceWith(prepared)).rejects.toThrow('PGlite failed to initialize');
    expect(await slugs(database)).toEqual(['before', 'kept']);
    expect(await besides(dataDir)).toEqual(before.filter((n) => n !== 'database.copy-broken'));
  });
});

describe('a PGlite data folder moved or copied', { timeout: 300_000 }, () => {
  const clock = createClock();

  it('backs up into its own backups folder: a copy started beside the original neither writes into the original’s nor cleans it', async () => {
    const original = await mkdtemp(path.join(work, 'original-'));
    const first = await openDatabase({ dataDir: await newPgliteFolder(path.join(original, 'database')) });
    await migrateDatabase(first, { now: clock.now() });
    const registered = await quietBackupService({ database: first, dataFolder: original, now: clock.now });
    expect(await registered.recover()).toEqual({ firstStart: true });
    await first.close();
    const copy = `${original}-copy`;
    cpSync(original, copy, { recursive: true });
    // The original's server writing a backup: its unfinished file must survive the copy's start.
    await writeFile(path.join(original, 'backups', 'console-unfinished.gz.age.part'), 'partial');

    const database = await openDatabase({ dataDir: path.join(copy, 'database') });
    try {
      const warned: string[] = [];
      const service = await quietBackupService({ database, dataFolder: copy, now: clock.now, warned });
      expect(await service.recover()).toEqual({ firstStart: false });
      expect(warned).toContain('the data folder was moved or copied: its default backup location follows it');
      expect((await service.defaultLocation()).path).toBe(path.join(copy, 'backups'));
      const run = await (await service.start({ trigger: 'manual' })).done;
      expect(run.status).toBe('success');
      expect(await readdir(path.join(copy, 'backups'))).toEqual([run.fileName]);
      expect(await readdir(path.join(original, 'backups'))).toEqual(['console-unfinished.gz.age.part']);
      // A second start in the same place changes nothing and says nothing.
      warned.length = 0;
      await service.recover();
      expect(warned).toEqual([]);
    } finally {
      await database.close();
    }
  });
});

describe('a PGlite data folder at start', { timeout: 300_000 }, () => {
  it('puts back a folder a crash left moved away, and removes the copies unfinished restores and backups left', async () => {
    const root = await mkdtemp(path.join(work, 'crash-'));
    const dataDir = path.join(root, 'database');
    const first = await openDatabase({ dataDir: await newPgliteFolder(dataDir) });
    await first.close();
    // The crash came between the swap's two renames.
    const previous = `${dataDir}.previous-2026-11-25T00-00-00-000Z`;
    await rename(dataDir, previous);
    await writeFile(`${dataDir}.swap.json`, JSON.stringify({ previous, prepared: `${dataDir}.copy-1` }));
    cpSync(previous, `${dataDir}.copy-1`, { recursive: true });
    cpSync(previous, `${dataDir}.copy-2`, { recursive: true });

    const done = await recoverPgliteFolders(dataDir);

    expect(done).toEqual([
      'the database folder was put back from database.previous-2026-11-25T00-00-00-000Z',
      'removed database.copy-1',
      'removed database.copy-2',
    ]);
    expect(await besides(dataDir)).toEqual([]);
    const again = await openDatabase({ dataDir });
    await again.close();
  });

  it('falls back to the folder the last restore replaced when the data folder does not open, and removes replaced folders after a good start', async () => {
    const root = await mkdtemp(path.join(work, 'start-'));
    const dataDir = path.join(root, 'database');
    const first = await startServer({ dataDir, seedDemo: false, logger: quiet });
    await first.database.db.insert(organizations).values({ name: 'Good', slug: 'good' });
    await first.close();
    // A restore replaced the good folder with one that does not open.
    const previous = `${dataDir}.previous-2026-11-25T00-00-00-000Z`;
    await rename(dataDir, previous);
    await brokenCopyOf(previous, dataDir);

    const second = await startServer({ dataDir, seedDemo: false, logger: quiet });
    try {
      expect(await slugs(second.database)).toEqual(['good']);
      const left = await besides(dataDir);
      expect(left.filter((n) => n.includes('.failed-'))).toHaveLength(1);
      expect(left.filter((n) => n.includes('.previous-'))).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('opens a folder whose lock file a kill left torn: the lock file goes, the data stays, the log and an alert for the admin say so', async () => {
    const root = await mkdtemp(path.join(work, 'lock-'));
    const dataDir = path.join(root, 'database');
    const first = await startServer({ dataDir, seedDemo: false, logger: quiet });
    await first.database.db.insert(organizations).values({ name: 'Kept', slug: 'kept' });
    await first.close();
    // What a SIGKILL while PGlite wrote its postmaster.pid leaves; PGlite alone then refuses the folder.
    await writeFile(path.join(dataDir, 'postmaster.pid'), '');
    const lines: string[] = [];
    const logger = createLogger({
      level: 'warn',
      destination: { write: (line: string) => lines.push(line) },
    });

    const second = await startServer({ dataDir, seedDemo: false, logger });
    try {
      expect(await slugs(second.database)).toEqual(['kept']);
      expect(lines.some((line) => line.includes(`PGlite data folder: ${LOCK_FILE_REPAIRED}`))).toBe(true);
      const raised = await second.database.db
        .select({ title: alerts.title, description: alerts.description, severity: alerts.severity })
        .from(alerts)
        .where(eq(alerts.source, 'Database'));
      expect(raised).toEqual([
        { title: 'Database repaired at start', description: LOCK_FILE_REPAIRED, severity: 'high' },
      ]);
    } finally {
      await second.close();
    }
  });

  it('stops the start with the reason when the folder does not open and nothing earlier is kept', async () => {
    const root = await mkdtemp(path.join(work, 'broken-'));
    const dataDir = path.join(root, 'database');
    const first = await openDatabase({ dataDir: await newPgliteFolder(dataDir) });
    await first.close();
    await writeFile(path.join(dataDir, 'PG_VERSION'), '9\n');
    const lines: string[] = [];
    const logger = createLogger({
      level: 'warn',
      destination: { write: (line: string) => lines.push(line) },
    });

    await expect(startServer({ dataDir, seedDemo: false, logger })).rejects.toThrow();
    expect(lines.some((line) => line.includes('does not open, and no earlier folder is kept'))).toBe(true);
    // Nothing thrown away: the folder is where it was, for a look or a restore.
    expect(await readdir(dataDir)).toContain('PG_VERSION');
  });
});
