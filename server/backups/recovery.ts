import { eq } from 'drizzle-orm';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { backupLocations, backupRuns } from '../db/schema';
import { fileSha256 } from './crypto';
import { restoreArchives, RestoreRefusedError } from './restore';
import { chainOf, type RunRow } from './runs';
import { describe, type BackupService } from './service';

/** Maintenance mode of the system settings, held for the restore window. */
export interface MaintenanceSwitch {
  enter(): Promise<void>;
  /** Back to service, with the settings the restore brought back. */
  leave(): Promise<void>;
}

/** The archives of a recovery point, oldest first, each checked against the digest recorded at backup. */
export async function archiveFiles(service: BackupService, run: RunRow): Promise<string[]> {
  if (run.status !== 'success' || run.removedAt)
    throw new RestoreRefusedError('This recovery point has no archive (failed, or removed by retention)');
  const files: string[] = [];
  for (const link of await chainOf(service.db, run))
    files.push(await checkedArchive(service, link, 'restore'));
  return files;
}

/** One run's own archive file, present and equal to what was written at backup. */
export async function checkedArchive(
  service: BackupService,
  link: RunRow,
  use: 'restore' | 'download' = 'restore',
): Promise<string> {
  const [location] = link.locationId
    ? await service.db.select().from(backupLocations).where(eq(backupLocations.id, link.locationId))
    : [];
  if (!location || !link.fileName) throw new RestoreRefusedError('The archive has no storage location');
  const file = path.join(location.path, link.fileName);
  try {
    await access(file);
  } catch {
    throw new RestoreRefusedError(`The archive ${link.fileName} is missing from ${location.name}`);
  }
  if (link.sha256 && (await fileSha256(file)) !== link.sha256)
    throw new RestoreRefusedError(
      `The archive ${link.fileName} is damaged (its checksum does not match the one recorded at backup); ${use} refused`,
    );
  return file;
}

export interface RestoreRequest {
  runId: string;
  maintenance: MaintenanceSwitch;
}

export interface RestoreOutcome {
  tables: number;
  rows: number;
  safetyBackup: string;
}

/**
 * Restores a recovery point: a safety backup first, then maintenance mode, the restore (one transaction,
 * every table verified against the archive), then service again. A failure at any step leaves the
 * database as it was. Progress is in `service.activity` meanwhile; the outcome stays there a while.
 */
export async function restorePoint(service: BackupService, request: RestoreRequest): Promise<RestoreOutcome> {
  // Claimed before the first await: a second request arriving meanwhile is refused.
  if ([...service.activity.values()].some((a) => a.kind === 'restore' && a.percent < 100))
    throw new RestoreRefusedError('A restore is already running');
  const key = `restore:${request.runId}`;
  const progress = (step: string, percent: number) =>
    service.activity.set(key, { kind: 'restore', runId: request.runId, step, percent });
  progress('Checking the archive', 1);
  const forget = () => setTimeout(() => service.activity.delete(key), 600_000).unref();
  try {
    const [run] = await service.db.select().from(backupRuns).where(eq(backupRuns.id, request.runId));
    if (!run) throw new RestoreRefusedError('The recovery point does not exist');
    const files = await archiveFiles(service, run);
    progress('Safety backup', 5);
    const safetyRun = await (await service.start({ trigger: 'safety' })).done;
    if (safetyRun.status !== 'success')
      throw new RestoreRefusedError(
        `The safety backup failed, nothing was restored: ${safetyRun.error ?? ''}`,
      );
    progress('Entering maintenance mode', 20);
    await request.maintenance.enter();
    let result: Awaited<ReturnType<typeof restoreArchives>>;
    try {
      result = await restoreArchives(service.database, {
        files,
        identity: service.key.identity,
        onProgress: (p) =>
          progress(
            p.phase === 'loading' ? `Restoring ${p.table}` : `Verifying ${p.table}`,
            20 + Math.round((p.tablesDone / p.tablesTotal) * (p.phase === 'loading' ? 50 : 25)),
          ),
      });
    } finally {
      progress('Leaving maintenance mode', 98);
      await request.maintenance.leave();
    }
    progress('Restore completed and verified', 100);
    forget();
    return { tables: result.tables, rows: result.rows, safetyBackup: safetyRun.id };
  } catch (error) {
    if (error instanceof RestoreRefusedError && error.message === 'A restore is already running')
      service.activity.delete(key);
    else {
      progress(`Restore failed: ${describe(error)}`, 100);
      forget();
    }
    throw error;
  }
}

/**
 * Restore testing: the point's archives into a scratch in-memory PGlite, every table compared with the
 * archive; records verified (or failed, with an alert), when, and how long the restore took.
 */
export async function testRestore(service: BackupService, runId: string): Promise<'verified' | 'failed'> {
  const [run] = await service.db.select().from(backupRuns).where(eq(backupRuns.id, runId));
  if (!run) throw new RestoreRefusedError('The recovery point does not exist');
  const key = `test:${run.id}`;
  service.activity.set(key, { kind: 'test', runId: run.id, step: 'Testing the restore', percent: 0 });
  let outcome: Partial<RunRow>;
  const began = performance.now();
  try {
    const files = await archiveFiles(service, run);
    const scratch = await openDatabase();
    try {
      await migrateDatabase(scratch, { now: service.now().getTime() });
      const started = performance.now();
      await restoreArchives(scratch, {
        files,
        identity: service.key.identity,
        onProgress: (p) =>
          service.activity.set(key, {
            kind: 'test',
            runId: run.id,
            step: `Testing the restore: ${p.table}`,
            percent: Math.round((p.tablesDone / p.tablesTotal) * (p.phase === 'loading' ? 70 : 30)),
          }),
      });
      outcome = {
        verification: 'verified',
        verifiedAt: service.now(),
        restoreTestMs: Math.round(performance.now() - started),
        verificationError: null,
      };
    } finally {
      await scratch.close();
    }
  } catch (error) {
    outcome = {
      verification: 'failed',
      verifiedAt: service.now(),
      restoreTestMs: Math.round(performance.now() - began),
      verificationError: describe(error),
    };
  } finally {
    service.activity.delete(key);
  }
  await service.db.update(backupRuns).set(outcome).where(eq(backupRuns.id, run.id));
  const verified = outcome.verification === 'verified';
  await service.emit('restore.tested', { runId: run.id, verified, restoreTestMs: outcome.restoreTestMs });
  if (!verified)
    await service.raiseAlert({
      title: 'Backup restore test failed',
      description:
        `The recovery point of ${run.startedAt.toISOString()} (${run.jobName}) did not restore: ${outcome.verificationError}`.slice(
          0,
          1000,
        ),
      severity: 'high',
      category: 'technical',
      source: 'Backups',
      tags: ['backup', 'restore-test'],
    });
  return verified ? 'verified' : 'failed';
}

/** The point a scheduled restore test takes: the newest, or a random one of the last `withinDays`. */
export async function pointToTest(
  service: BackupService,
  options: { withinDays?: number; random?: () => number } = {},
): Promise<RunRow | undefined> {
  const runs = (await service.runsBefore(new Date(service.now().getTime() + 1)))
    .filter((r) => r.status === 'success' && !r.removedAt)
    .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime());
  if (!options.withinDays) return runs[0];
  const since = service.now().getTime() - options.withinDays * 86_400_000;
  const recent = runs.filter((r) => r.startedAt.getTime() >= since);
  return recent[Math.floor((options.random ?? Math.random)() * recent.length)];
}
