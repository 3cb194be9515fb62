import { z } from 'zod';
import type { BackupActivity, RestoreTestInput } from '../../shared/api/backups';
import type { JobRunner } from '../jobs/runner';
import { auditBackupWork } from './audit';
import {
  pointToTest,
  RESTORE_TEST_STEPS,
  restoreTestKey,
  restoreTestUnderWay,
  testRestore,
} from './recovery';
import { RESTORE_TEST_WINDOW_DAYS, storedRestoreTest } from './restore-test';
import { ABANDONED_RUN_ERROR, type BackupService } from './service';

export const BACKUP_QUEUES = {
  /** Every minute: due scheduled backups, retention, storage checks. */
  tick: 'backup-tick',
  /** Daily, and after each backup: a recovery point restored into a scratch database. */
  restoreTest: 'backup-restore-test',
} as const;

export async function defineBackupJobs(
  jobs: JobRunner,
  backups: () => Promise<BackupService>,
  options: { restoreTest: RestoreTestInput },
): Promise<void> {
  await jobs.define(
    BACKUP_QUEUES.tick,
    async () => {
      const service = await backups();
      const auditRun = (
        runId: string,
        action: 'CREATE' | 'DELETE',
        failed: boolean,
        details: Record<string, unknown>,
      ) =>
        auditBackupWork(service.db, {
          action,
          resource: 'backup',
          resourceId: runId,
          status: failed ? 'failure' : 'success',
          severity: failed ? 'high' : 'medium',
          details,
          at: service.now(),
        });
      for (const run of await service.runDueJobs()) {
        await auditRun(run.id, 'CREATE', run.status !== 'success', {
          job: run.jobName,
          type: run.type,
          size: run.size,
          ...(run.error ? { error: run.error } : {}),
        });
        if (run.status === 'success') await queueRestoreTest(jobs, run.id);
      }
      for (const runId of await service.applyRetention())
        await auditRun(runId, 'DELETE', false, { reason: 'retention' });
      // Backups another instance left running when it was killed (PostgreSQL: several instances).
      for (const runId of await service.failAbandonedRuns())
        await auditRun(runId, 'CREATE', true, { error: ABANDONED_RUN_ERROR });
      await service.checkLocations();
    },
    { data: z.object({}).strict(), policy: 'stately', retries: 1, leaseSeconds: 3600 },
  );
  await jobs.define(
    BACKUP_QUEUES.restoreTest,
    async ({ runId }) => {
      const service = await backups();
      // A daily run that fires while paused (another instance started on the setting of a moment ago).
      if (!runId && (await storedRestoreTest(service.db))?.status === 'paused') return;
      await runRestoreTest(service, runId);
    },
    { data: z.object({ runId: z.string().uuid().optional() }).strict(), retries: 0, leaseSeconds: 3600 },
  );
  await jobs.schedule(BACKUP_QUEUES.tick, '* * * * *', 'UTC', {});
  await applyRestoreTest(jobs, options.restoreTest);
}

/**
 * The daily restore test's pg-boss schedule, as its setting says: its cron (UTC) while active, none while
 * paused (test builds and e2e hosts start it paused: only tests asked for, or after a backup, run). The
 * schedule lives in pg-boss's table, which every instance's cron worker reads: one call suffices.
 */
export async function applyRestoreTest(jobs: JobRunner, setting: RestoreTestInput): Promise<void> {
  if (setting.status === 'active')
    await jobs.schedule(BACKUP_QUEUES.restoreTest, setting.schedule, 'UTC', {});
  else await jobs.unschedule(BACKUP_QUEUES.restoreTest);
}

/**
 * One restore test, audited: the point named (after its backup), or, for the daily one, a random point of
 * the setting's window of days (RESTORE_TEST_WINDOW_DAYS before there is one). Answers the point tested and its outcome, or undefined when there
 * was none to test.
 */
export async function runRestoreTest(
  service: BackupService,
  runId?: string,
  random?: () => number,
): Promise<{ id: string; verification: 'verified' | 'failed' } | undefined> {
  const withinDays = runId
    ? 0
    : ((await storedRestoreTest(service.db))?.windowDays ?? RESTORE_TEST_WINDOW_DAYS);
  const point = runId
    ? { id: runId }
    : await pointToTest(service, { withinDays, ...(random ? { random } : {}) });
  if (!point) return undefined;
  // Audited before the outcome shows: whoever waits for it finds the record.
  const verification = await testRestore(service, point.id, (verification) =>
    auditBackupWork(service.db, {
      action: 'READ',
      resource: 'backup_restore_test',
      resourceId: point.id,
      status: verification === 'verified' ? 'success' : 'failure',
      severity: verification === 'verified' ? 'low' : 'high',
      details: { verification },
      at: service.now(),
    }),
  );
  return { id: point.id, verification };
}

/**
 * A restore test of one point asked for (POST /backups/points/:id/test), started without waiting for it:
 * with a job runner through the restore test's queue, like the daily test (a queued test outlives a
 * restart, and one worker per instance tests at a time), without one (a bare app) in this process. Answers
 * false, starting nothing, when a test of the point is already queued or running. The outcome is recorded
 * and audited where the test ends (runRestoreTest); `onError` hears a test in this process that threw.
 */
export async function requestRestoreTest(
  service: BackupService,
  jobs: JobRunner | undefined,
  runId: string,
  onError: (error: unknown) => void,
): Promise<boolean> {
  // Claimed before the first await: a second request meanwhile finds it under way.
  if (restoreTestUnderWay(service, runId)) return false;
  const key = restoreTestKey(runId);
  const endedHere = service.activity.has(key);
  const claim: BackupActivity = { kind: 'test', runId, step: RESTORE_TEST_STEPS.queued, percent: 0 };
  service.activity.set(key, claim);
  if (!jobs) {
    runRestoreTest(service, runId).catch(onError);
    return true;
  }
  try {
    return await queueRestoreTest(jobs, runId, { endedHere });
  } finally {
    // From here the queue shows it, to every instance's overview (queuedRestoreTests); the instance whose
    // worker takes it shows its progress.
    if (service.activity.get(key) === claim) service.activity.delete(key);
  }
}

/**
 * Queues a restore test of the point unless one is queued or running on any instance (claimed by a worker
 * that has not shown it yet included); answers whether it queued one. `endedHere`: this instance shows the
 * outcome of a test of the point, whose job may stay active a moment longer (the worker still closing it).
 */
export async function queueRestoreTest(
  jobs: JobRunner,
  runId: string,
  { endedHere = false }: { endedHere?: boolean } = {},
): Promise<boolean> {
  const unfinished = await jobs.unfinished(BACKUP_QUEUES.restoreTest, { data: { runId } });
  if (unfinished.some((job) => job.state === 'queued' || !endedHere)) return false;
  await jobs.send(BACKUP_QUEUES.restoreTest, { runId });
  return true;
}

/** The points whose restore test waits in the queue (any instance's request, or a backup's ending). */
export async function queuedRestoreTests(jobs: JobRunner): Promise<string[]> {
  const queued = await jobs.unfinished<{ runId?: string }>(BACKUP_QUEUES.restoreTest, { queuedOnly: true });
  return queued.flatMap((job) => (job.data.runId ? [job.data.runId] : []));
}
