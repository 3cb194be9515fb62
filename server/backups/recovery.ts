import { eq } from 'drizzle-orm';
import { access, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../db/client';
import type { PgliteFolder } from '../db/pglite-folders';
import { openScratchDatabase } from '../db/scratch';
import { backupLocations, backupRuns } from '../db/schema';
import { chainHead } from '../audit/chain';
import { fileSha256, readArchiveFile } from './crypto';
import { decodeFrames } from './format';
import { copyBackupRecords } from './own-records';
import {
  restoreArchives,
  RestoreRefusedError,
  type RestoreOptions,
  type RestoreProgress,
  type RestoreResult,
} from './restore';
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
  /**
   * Records the outcome (the route's audit record, in the database the restore leaves) before the activity
   * says the restore ended: a screen or a script that sees it ended finds the record there. Must not throw.
   */
  recordOutcome?: (outcome: RecordedRestore) => Promise<void>;
}

export type RecordedRestore =
  { status: 'success'; details: RestoreOutcome } | { status: 'failure'; details: { error: string } };

export interface RestoreOutcome {
  tables: number;
  rows: number;
  safetyBackup: string;
  /**
   * The audit chain's head the restore replaced (issue 25): the restored trail ends earlier, and this
   * record, appended to it, says where the replaced one had reached (its records are in the safety backup).
   */
  replacedChainHead: { seq: number; hash: string; timestamp: string } | null;
}

const ALREADY_RUNNING = 'A restore is already running';

/**
 * Starts restoring a recovery point once what can be checked at once holds (the point exists, its
 * archives are present and as written, no other restore runs); a refusal throws here. The rest goes on
 * in `done`: a safety backup, maintenance mode, the restore (every table verified against the archive),
 * then service again. A failure at any step leaves the database as it was. Progress is in
 * `service.activity` meanwhile, and the outcome stays there a while.
 */
export async function startRestore(
  service: BackupService,
  request: RestoreRequest,
): Promise<{ done: Promise<RestoreOutcome> }> {
  // Claimed before the first await: a second request arriving meanwhile is refused.
  if ([...service.activity.values()].some((a) => a.kind === 'restore' && a.percent < 100))
    throw new RestoreRefusedError(ALREADY_RUNNING);
  const key = `restore:${request.runId}`;
  const progress = (step: string, percent: number, failed?: boolean) =>
    service.activity.set(key, {
      kind: 'restore',
      runId: request.runId,
      step,
      percent,
      ...(failed ? { failed } : {}),
    });
  progress('Checking the archive', 1);
  let files: string[];
  try {
    const [run] = await service.db.select().from(backupRuns).where(eq(backupRuns.id, request.runId));
    if (!run) throw new RestoreRefusedError('The recovery point does not exist');
    files = await archiveFiles(service, run);
    // A key that does not open them is refused at once, not after the safety backup.
    for (const file of files) await openWithKey(file, service.key.identity);
  } catch (error) {
    service.activity.delete(key);
    throw error;
  }
  const forget = () => setTimeout(() => service.activity.delete(key), 600_000).unref();
  const done = (async () => {
    try {
      progress('Safety backup', 5);
      const safetyRun = await (await service.start({ trigger: 'safety' })).done;
      if (safetyRun.status !== 'success')
        throw new RestoreRefusedError(
          `The safety backup failed, nothing was restored: ${safetyRun.error ?? ''}`,
        );
      progress('Entering maintenance mode', 20);
      await request.maintenance.enter();
      const head = await chainHead(service.db);
      const replacedChainHead = head
        ? { seq: head.seq, hash: head.hash, timestamp: head.timestamp.toISOString() }
        : null;
      let result: RestoreResult;
      try {
        const options = {
          files,
          identity: service.key.identity,
          onProgress: (p: RestoreProgress) =>
            p.phase === 'indexing'
              ? progress('Building indexes and keys', 70)
              : progress(
                  p.phase === 'loading' ? `Restoring ${p.table}` : `Verifying ${p.table}`,
                  p.phase === 'loading'
                    ? 25 + Math.round((p.tablesDone / p.tablesTotal) * 45)
                    : 72 + Math.round((p.tablesDone / p.tablesTotal) * 23),
                ),
        };
        const folder = service.database.folder;
        result = folder
          ? await restoreIntoFolder(folder, options, (step) =>
              progress(step, step.startsWith('Copying') ? 22 : 96),
            )
          : await restoreArchives(service.database, options);
      } finally {
        progress('Leaving maintenance mode', 98);
        await request.maintenance.leave();
      }
      const outcome = {
        tables: result.tables,
        rows: result.rows,
        safetyBackup: safetyRun.id,
        replacedChainHead,
      };
      await request.recordOutcome?.({ status: 'success', details: outcome });
      progress('Restore completed and verified', 100);
      return outcome;
    } catch (error) {
      await request.recordOutcome?.({ status: 'failure', details: { error: restoreFailure(error) } });
      progress(`Restore failed: ${restoreFailure(error)}`, 100, true);
      throw error;
    } finally {
      forget();
    }
  })();
  // The caller follows `activity`; one that does not wait must not leave the rejection unhandled.
  done.catch(() => undefined);
  return { done };
}

/** Reads an archive's first frame: the key opens it (else ArchiveDecryptError, with the reason). */
async function openWithKey(file: string, identity: string): Promise<void> {
  const frames = decodeFrames(readArchiveFile(file, identity))[Symbol.asyncIterator]();
  try {
    await frames.next();
  } finally {
    await frames.return?.(undefined);
  }
}

/** What a failed restore says: the database is as it was whenever the restore itself failed. */
export function restoreFailure(error: unknown): string {
  const message = describe(error);
  return error instanceof RestoreRefusedError ? message : `${message}; the database is as it was`;
}

/**
 * PGlite in a data folder: the restore goes into a copy of the folder (the backup's own records, the
 * job queue and the migrations as they are), verified there while the server goes on, then the copy
 * replaces the folder in a moment's pause; the old folder stays until the next successful start.
 */
export async function restoreIntoFolder(
  folder: PgliteFolder,
  options: RestoreOptions,
  step: (text: string) => void,
): Promise<RestoreResult> {
  step('Copying the database');
  const copy = await folder.copy();
  let target: Database | undefined;
  try {
    target = await openDatabase({ dataDir: copy });
    const result = await restoreArchives(target, options);
    step('Putting the restored database in place');
    const restored = target;
    await folder.replaceWith(copy, {
      // Backups made since the copy are recorded in the live database: the restored one keeps them.
      beforeSwap: async (live) => {
        await copyBackupRecords(live, restored);
        await restored.close();
      },
    });
    return result;
  } catch (error) {
    await target?.close();
    await rm(copy, { recursive: true, force: true });
    throw error;
  }
}

/** What a restore test shows in `activity` (the step of a failure adds why). */
export const RESTORE_TEST_STEPS = {
  queued: 'Restore test queued',
  testing: 'Testing the restore',
  verified: 'Restore test verified',
  failed: 'Restore test failed',
} as const;
/** How long the outcome of a restore test stays in `activity` (a restore's stays as long). */
const OUTCOME_SHOWN_MS = 600_000;

export const restoreTestKey = (runId: string) => `test:${runId}`;

/** A test of the point waiting or running in this instance (an ended one's outcome is at 100 %). */
export function restoreTestUnderWay(service: BackupService, runId: string): boolean {
  const current = service.activity.get(restoreTestKey(runId));
  return current !== undefined && current.percent < 100;
}

/**
 * Restore testing: the point's archives into a scratch in-memory PGlite, every table compared with the
 * archive; records verified (or failed, with an alert), when, and how long the restore took, then what the
 * caller records of it (`record`: its audit). Progress is in `service.activity` meanwhile, and once all of
 * that is recorded, the outcome, which stays there a while (a failure's step says why).
 */
export async function testRestore(
  service: BackupService,
  runId: string,
  record?: (verification: 'verified' | 'failed') => Promise<void>,
): Promise<'verified' | 'failed'> {
  const key = restoreTestKey(runId);
  const progress = (step: string, percent: number) =>
    service.activity.set(key, { kind: 'test', runId, step, percent });
  const ended = (step: string, failed: boolean) => {
    const outcome = { kind: 'test' as const, runId, step, percent: 100, ...(failed ? { failed } : {}) };
    service.activity.set(key, outcome);
    // A later test of the point replaces the entry: only this outcome is forgotten.
    setTimeout(() => {
      if (service.activity.get(key) === outcome) service.activity.delete(key);
    }, OUTCOME_SHOWN_MS).unref();
  };
  progress(RESTORE_TEST_STEPS.testing, 0);
  let run: RunRow | undefined;
  try {
    [run] = await service.db.select().from(backupRuns).where(eq(backupRuns.id, runId));
    if (!run) throw new RestoreRefusedError('The recovery point does not exist');
  } catch (error) {
    ended(`${RESTORE_TEST_STEPS.failed}: ${describe(error)}`, true);
    throw error;
  }
  let outcome: Partial<RunRow>;
  const began = performance.now();
  try {
    const files = await archiveFiles(service, run);
    const scratch = await openScratchDatabase(service.now().getTime());
    try {
      const started = performance.now();
      await restoreArchives(scratch, {
        files,
        identity: service.key.identity,
        // Below 100 until the outcome is recorded: 100 is the outcome's.
        onProgress: (p) =>
          progress(
            `${RESTORE_TEST_STEPS.testing}: ${p.phase === 'indexing' ? 'indexes and keys' : p.table}`,
            p.phase === 'loading'
              ? Math.round((p.tablesDone / p.tablesTotal) * 65)
              : p.phase === 'indexing'
                ? 65
                : 70 + Math.round((p.tablesDone / p.tablesTotal) * 29),
          ),
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
  }
  const verified = outcome.verification === 'verified';
  const verification = verified ? 'verified' : 'failed';
  try {
    await service.db.update(backupRuns).set(outcome).where(eq(backupRuns.id, run.id));
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
    await record?.(verification);
  } catch (error) {
    ended(`${RESTORE_TEST_STEPS.failed}: ${describe(error)}`, true);
    throw error;
  }
  ended(
    verified ? RESTORE_TEST_STEPS.verified : `${RESTORE_TEST_STEPS.failed}: ${outcome.verificationError}`,
    !verified,
  );
  return verification;
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
