import { z } from 'zod';
import type { JobRunner } from '../jobs/runner';
import { auditBackupWork } from './audit';
import { pointToTest, testRestore } from './recovery';
import { ABANDONED_RUN_ERROR, type BackupService } from './service';

export const BACKUP_QUEUES = {
  /** Every minute: due scheduled backups, retention, storage checks. */
  tick: 'backup-tick',
  /** Daily, and after each backup: a recovery point restored into a scratch database. */
  restoreTest: 'backup-restore-test',
} as const;

/** Restore tests take a random point of the last this many days when they pick one themselves. */
export const RESTORE_TEST_WINDOW_DAYS = 7;

/** The daily restore test's schedule, in UTC: after the default nightly backup (defaults.ts, 02:00). */
export const DAILY_RESTORE_TEST_CRON = '30 4 * * *';

export async function defineBackupJobs(
  jobs: JobRunner,
  backups: () => Promise<BackupService>,
  options: { dailyRestoreTest: boolean },
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
        if (run.status === 'success') await jobs.send(BACKUP_QUEUES.restoreTest, { runId: run.id });
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
      await runRestoreTest(await backups(), runId);
    },
    { data: z.object({ runId: z.string().uuid().optional() }).strict(), retries: 0, leaseSeconds: 3600 },
  );
  await jobs.schedule(BACKUP_QUEUES.tick, '* * * * *', 'UTC', {});
  // Off by configuration (test builds, e2e hosts): only restore tests asked for, or after a backup, run.
  if (options.dailyRestoreTest)
    await jobs.schedule(BACKUP_QUEUES.restoreTest, DAILY_RESTORE_TEST_CRON, 'UTC', {});
}

/**
 * One restore test, audited: the point named (after its backup), or, for the daily one, a random point of
 * the last RESTORE_TEST_WINDOW_DAYS days. Answers the point tested and its outcome, or undefined when there
 * was none to test.
 */
export async function runRestoreTest(
  service: BackupService,
  runId?: string,
  random?: () => number,
): Promise<{ id: string; verification: 'verified' | 'failed' } | undefined> {
  const point = runId
    ? { id: runId }
    : await pointToTest(service, { withinDays: RESTORE_TEST_WINDOW_DAYS, ...(random ? { random } : {}) });
  if (!point) return undefined;
  const verification = await testRestore(service, point.id);
  await auditBackupWork(service.db, {
    action: 'READ',
    resource: 'backup_restore_test',
    resourceId: point.id,
    status: verification === 'verified' ? 'success' : 'failure',
    severity: verification === 'verified' ? 'low' : 'high',
    details: { verification },
    at: service.now(),
  });
  return { id: point.id, verification };
}
