import { BACKUP_RETENTION_SAMPLES, type BackupJobInput } from '../../shared/api/backups';
import { isUniqueViolation } from '../db/errors';
import { insertJob, type JobRow } from './jobs-store';
import type { BackupService } from './service';

/**
 * Protected by default (issue 29): the backup job a new install starts with, shown and edited on the
 * backups screen like any other (schedule, retention, pausing). 02:00 UTC, before the daily restore test
 * (jobs.ts, 04:30 UTC) picks a recent point to restore; 30 days, the spec's first retention sample.
 */
export const DEFAULT_BACKUP_JOB = {
  name: 'Nightly full backup',
  type: 'full',
  schedule: '0 2 * * *',
  retention: BACKUP_RETENTION_SAMPLES[0],
  compression: 'gzip',
  status: 'active',
} as const satisfies Omit<BackupJobInput, 'locationId'>;

/**
 * Adds the nightly full backup to the default location. Called once, on the first start of a new
 * install (see BackupService.recover); a job of that name already there (another instance was first)
 * is left as it is. Answers the job made, or undefined.
 */
export async function addDefaultBackupJob(service: BackupService): Promise<JobRow | undefined> {
  const location = await service.defaultLocation();
  try {
    return await insertJob(service.db, { ...DEFAULT_BACKUP_JOB, locationId: location.id }, service.now());
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}
