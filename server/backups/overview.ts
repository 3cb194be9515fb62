import { desc, eq } from 'drizzle-orm';
import {
  backupDownloadPath,
  RECOVERY_POINTS_LISTED,
  type BackupHistoryEntry,
  type BackupJob,
  type BackupActivity,
  type BackupOverview,
  type RecoveryPoint,
} from '../../shared/api/backups';
import { backupJobs, backupLocations, backupRuns } from '../db/schema';
import { toStorageLocation } from './locations';
import { RESTORE_TEST_STEPS, restoreTestKey, restoreTestUnderWay } from './recovery';
import type { RunRow } from './runs';
import { nextRun, type BackupService } from './service';

const HISTORY_LISTED = 50;
const seconds = (run: RunRow) =>
  run.endedAt ? Math.round((run.endedAt.getTime() - run.startedAt.getTime()) / 100) / 10 : 0;

/**
 * `queuedTests`: the points whose restore test waits in the job queue (jobs.ts), shown as waiting unless
 * this instance already runs it.
 */
export async function backupOverview(
  service: BackupService,
  queuedTests: readonly string[] = [],
): Promise<BackupOverview> {
  // The activity first, then the records: a restore test records its outcome before it shows it, so an
  // outcome shown here is one the points below show too (read the other way round, a test ending between
  // the two reads showed "verified" beside a point still pending).
  const activity = activityOf(service, queuedTests);
  const db = service.db;
  await service.defaultLocation();
  const now = service.now();
  const [locations, jobs, runs] = await Promise.all([
    db.select().from(backupLocations).orderBy(backupLocations.createdAt),
    db.select().from(backupJobs).orderBy(backupJobs.createdAt),
    db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(500),
  ]);
  const locationName = new Map(locations.map((l) => [l.id, l.name]));
  const jobRows: BackupJob[] = jobs.map((job) => {
    const last = runs.find((r) => r.jobId === job.id);
    const lastGood = runs.find((r) => r.jobId === job.id && r.status === 'success');
    return {
      id: job.id,
      name: job.name,
      type: job.type,
      source: `Console database (${service.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`,
      destination: locationName.get(job.locationId) ?? '',
      locationId: job.locationId,
      schedule: job.schedule,
      status: job.status,
      lastRun: last?.startedAt.toISOString() ?? null,
      nextRun:
        job.status === 'active'
          ? (nextRun(job.schedule, last?.startedAt ?? job.createdAt)?.toISOString() ?? null)
          : null,
      size: lastGood?.size ?? 0,
      duration: lastGood ? seconds(lastGood) : 0,
      retention: job.retentionDays,
      compression: job.compression,
      encryption: 'age',
    };
  });
  const history: BackupHistoryEntry[] = runs.slice(0, HISTORY_LISTED).map((run) => ({
    id: run.id,
    jobId: run.jobId,
    jobName: run.jobName,
    type: run.type,
    trigger: run.trigger,
    startTime: run.startedAt.toISOString(),
    endTime: run.endedAt?.toISOString() ?? null,
    status: run.status,
    size: run.size,
    duration: seconds(run),
    filesBackedUp: run.tables,
    ...(run.error ? { errorMessage: run.error } : {}),
  }));
  const points: RecoveryPoint[] = runs
    .filter((r) => r.status === 'success' && !r.removedAt)
    .slice(0, RECOVERY_POINTS_LISTED)
    .map((run) => ({
      id: run.id,
      timestamp: run.startedAt.toISOString(),
      type: run.type,
      size: run.size,
      location: run.locationId ? (locationName.get(run.locationId) ?? '') : '',
      verified: run.verification === 'verified',
      verification: run.verification,
      tags: run.tags,
      fileName: run.fileName ?? '',
      downloadUrl: backupDownloadPath(run.id),
    }));
  const month = new Date(now.getTime() - 30 * 86_400_000);
  const lastGood = runs.find((r) => r.status === 'success');
  return {
    kpis: {
      lastSuccessfulBackup: lastGood?.endedAt?.toISOString() ?? null,
      lastVerifiedRestore: (await service.lastVerified())?.toISOString() ?? null,
      storageUsed: runs.filter((r) => r.status === 'success' && !r.removedAt).reduce((n, r) => n + r.size, 0),
      successRate30d: await service.successRate(month),
    },
    jobs: jobRows,
    history,
    locations: locations.map(toStorageLocation),
    recoveryPoints: points,
    activity,
    keyPending: await service.key.pendingOffer(),
  };
}

function activityOf(service: BackupService, queuedTests: readonly string[]): BackupActivity[] {
  const activity = new Map(service.activity);
  for (const runId of queuedTests)
    if (!restoreTestUnderWay(service, runId))
      activity.set(restoreTestKey(runId), {
        kind: 'test',
        runId,
        step: RESTORE_TEST_STEPS.queued,
        percent: 0,
      });
  return [...activity.values()];
}

export async function jobById(service: BackupService, id: string) {
  return (await service.db.select().from(backupJobs).where(eq(backupJobs.id, id)))[0];
}
