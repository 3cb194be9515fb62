import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** Part 2 §4. */
export const BACKUP_TYPES = ['full', 'incremental', 'differential'] as const;
export type BackupType = (typeof BACKUP_TYPES)[number];
export const BACKUP_JOB_STATUSES = ['active', 'paused'] as const;
export type BackupJobStatus = (typeof BACKUP_JOB_STATUSES)[number];
export const BACKUP_RUN_STATUSES = ['running', 'success', 'failed', 'partial'] as const;
export const STORAGE_STATUSES = ['online', 'offline', 'maintenance', 'error'] as const;
export const BACKUP_COMPRESSIONS = ['gzip', 'zstd'] as const;
export const RESTORE_TEST_RESULTS = ['pending', 'verified', 'failed'] as const;
export const BACKUP_TRIGGERS = ['schedule', 'manual', 'safety'] as const;

/** Part 2 §9: retention days of the samples, the recovery points listed. */
export const BACKUP_RETENTION_SAMPLES = [30, 14, 90] as const;
export const RECOVERY_POINTS_LISTED = 10;
/** What the restore's confirmation box must hold, typed. */
export const RESTORE_CONFIRMATION = 'RESTORE';

export const backupJob = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(BACKUP_TYPES),
  source: z.string(),
  destination: z.string(),
  locationId: z.string(),
  schedule: z.string(),
  status: z.enum(BACKUP_JOB_STATUSES),
  lastRun: z.string().nullable(),
  nextRun: z.string().nullable(),
  /** Bytes of the last successful archive. */
  size: z.number(),
  /** Seconds the last run took. */
  duration: z.number(),
  retention: z.number().int(),
  compression: z.enum(BACKUP_COMPRESSIONS),
  encryption: z.literal('age'),
});
export type BackupJob = z.infer<typeof backupJob>;

export const backupHistoryEntry = z.object({
  id: z.string(),
  jobId: z.string().nullable(),
  jobName: z.string(),
  type: z.enum(BACKUP_TYPES),
  trigger: z.enum(BACKUP_TRIGGERS),
  startTime: z.string(),
  endTime: z.string().nullable(),
  status: z.enum(BACKUP_RUN_STATUSES),
  size: z.number(),
  duration: z.number(),
  /** Tables backed up. */
  filesBackedUp: z.number().int(),
  errorMessage: z.string().optional(),
});
export type BackupHistoryEntry = z.infer<typeof backupHistoryEntry>;

export const storageLocation = z.object({
  id: z.string(),
  name: z.string(),
  type: z.literal('local'),
  provider: z.string(),
  path: z.string(),
  isDefault: z.boolean(),
  capacity: z.number(),
  used: z.number(),
  available: z.number(),
  status: z.enum(STORAGE_STATUSES),
  statusReason: z.string().nullable(),
  lastCheck: z.string().nullable(),
});
export type StorageLocation = z.infer<typeof storageLocation>;

/**
 * A recovery point's archive file, downloaded with the session's token beside the contract's endpoints (like
 * an export's file): backups.manage, audited (EXPORT backup, high).
 */
export const BACKUP_DOWNLOAD_PATH = '/backups/points/:id/download';
export const backupDownloadPath = (id: string) => `/backups/points/${encodeURIComponent(id)}/download`;
export const BACKUP_DOWNLOAD_AUDIT = { action: 'EXPORT', resource: 'backup', severity: 'high' } as const;

export const recoveryPoint = z.object({
  id: z.string(),
  timestamp: z.string(),
  type: z.enum(BACKUP_TYPES),
  size: z.number(),
  location: z.string(),
  verified: z.boolean(),
  verification: z.enum(RESTORE_TEST_RESULTS),
  tags: z.array(z.string()),
  /** The point's own archive (an incremental or differential restores only with the archives it continues). */
  fileName: z.string(),
  downloadUrl: z.string(),
});
export type RecoveryPoint = z.infer<typeof recoveryPoint>;

export const backupActivity = z.object({
  kind: z.enum(['backup', 'restore', 'test']),
  runId: z.string().nullable(),
  step: z.string(),
  /** 0–100. */
  percent: z.number(),
  /** Ended in failure (the step says why). */
  failed: z.boolean().optional(),
});
export type BackupActivity = z.infer<typeof backupActivity>;

export const backupKpis = z.object({
  lastSuccessfulBackup: z.string().nullable(),
  lastVerifiedRestore: z.string().nullable(),
  storageUsed: z.number(),
  /** Successful runs of the last 30 days over all finished runs, in percent; null without runs. */
  successRate30d: z.number().nullable(),
});

export const backupOverview = z.object({
  kpis: backupKpis,
  jobs: z.array(backupJob),
  history: z.array(backupHistoryEntry),
  locations: z.array(storageLocation),
  recoveryPoints: z.array(recoveryPoint),
  activity: z.array(backupActivity),
  /** The backup key has not been offered for safekeeping yet. */
  keyPending: z.boolean(),
});
export type BackupOverview = z.infer<typeof backupOverview>;

const cron = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^(\S+\s+){4}\S+$/, 'A schedule is a cron expression of five fields');

export const backupJobInput = z.object({
  name: z.string().trim().min(1).max(100),
  type: z.enum(BACKUP_TYPES),
  locationId: z.string().uuid(),
  schedule: cron,
  retention: z.number().int().min(1).max(3650),
  compression: z.enum(BACKUP_COMPRESSIONS),
  status: z.enum(BACKUP_JOB_STATUSES),
});
export type BackupJobInput = z.infer<typeof backupJobInput>;

export const storageLocationInput = z.object({
  name: z.string().trim().min(1).max(100),
  path: z.string().trim().min(1).max(1000).startsWith('/', 'The path must be absolute'),
});

/**
 * The daily restore test (issue 29, protected by default): when it runs and how far back it picks a
 * random recovery point to restore into a scratch database. One per install, shown and edited on the screen.
 */
export const RESTORE_TEST_WINDOW_BOUNDS = { min: 1, max: 365 } as const;
const windowText = `The window is ${RESTORE_TEST_WINDOW_BOUNDS.min} to ${RESTORE_TEST_WINDOW_BOUNDS.max} days`;

export const restoreTestInput = z.object({
  status: z.enum(BACKUP_JOB_STATUSES),
  schedule: cron,
  windowDays: z
    .number()
    .int(windowText)
    .min(RESTORE_TEST_WINDOW_BOUNDS.min, windowText)
    .max(RESTORE_TEST_WINDOW_BOUNDS.max, windowText),
});
export type RestoreTestInput = z.infer<typeof restoreTestInput>;

export const restoreTestSchedule = restoreTestInput.extend({
  /** Null while paused. */
  nextRun: z.string().nullable(),
  /** The newest restore test's outcome (daily or after a backup); null before the first. */
  lastTest: z
    .object({ at: z.string(), pointId: z.string(), verification: z.enum(['verified', 'failed']) })
    .nullable(),
});
export type RestoreTestSchedule = z.infer<typeof restoreTestSchedule>;

const id = z.object({ id: z.string().uuid() });
/** Work answered at once and followed in the overview's `activity`: the backup's run, or the point restored or tested. */
const started = z.object({ runId: z.string().nullable() });

/** Backup & Recovery (part 2 §2): super admin only, through backups.manage. */
export const backupEndpoints = {
  overview: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/backups',
    summary: 'Backup jobs, history, storage locations, recovery points, figures and what runs now',
    data: backupOverview,
    auth: 'token',
    permission: 'backups.manage',
  }),
  runBackup: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/backups/runs',
    summary: 'Runs a backup now: the given job, or a full backup to the default location',
    body: z.object({ jobId: z.string().uuid().optional() }),
    data: started,
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'CREATE', resource: 'backup', severity: 'medium' },
  }),
  createJob: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/backups/jobs',
    summary: 'Creates a backup job',
    body: backupJobInput,
    data: backupJob,
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'CREATE', resource: 'backup_job', severity: 'medium' },
  }),
  updateJob: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/backups/jobs/:id',
    summary: 'Changes a backup job (pausing and resuming included)',
    params: id,
    body: backupJobInput,
    data: backupJob,
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'UPDATE', resource: 'backup_job', severity: 'medium', resourceParam: 'id' },
  }),
  deleteJob: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/backups/jobs/:id',
    summary: 'Deletes a backup job (its archives stay until their retention ends)',
    params: id,
    data: z.object({ deleted: z.literal(true) }),
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'DELETE', resource: 'backup_job', severity: 'high', resourceParam: 'id' },
  }),
  createLocation: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/backups/locations',
    summary: 'Adds a local folder (a mounted share, say) as a storage location',
    body: storageLocationInput,
    data: storageLocation,
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'CREATE', resource: 'backup_location', severity: 'medium' },
  }),
  checkLocations: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/backups/locations/check',
    summary: 'Checks every storage location now: status, capacity, used and available',
    data: z.object({ locations: z.array(storageLocation) }),
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'UPDATE', resource: 'backup_location', severity: 'low' },
  }),
  restore: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/backups/points/:id/restore',
    summary: 'Restores the database from a recovery point, after a safety backup, in maintenance mode',
    params: id,
    body: z.object({ confirmation: z.string() }),
    data: started,
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'IMPORT', resource: 'backup', severity: 'critical', resourceParam: 'id' },
  }),
  testRestore: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/backups/points/:id/test',
    summary:
      "Starts a restore test of a recovery point (into a scratch database, every table compared); answered at once, its progress in the overview's activity, its outcome the point's verification",
    params: id,
    data: started,
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'READ', resource: 'backup', severity: 'low', resourceParam: 'id' },
  }),
  restoreTest: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/backups/restore-test',
    summary: "The daily restore test's schedule, window, next run and last result",
    data: restoreTestSchedule,
    auth: 'token',
    permission: 'backups.manage',
  }),
  updateRestoreTest: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/backups/restore-test',
    summary: 'Changes the daily restore test: its schedule (cron, UTC), window of days, pausing and resuming',
    body: restoreTestInput,
    data: restoreTestSchedule,
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'UPDATE', resource: 'backup_restore_test', severity: 'medium' },
  }),
  revealKey: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/backups/key/reveal',
    summary: 'Hands out the private backup key once, for offline safekeeping',
    data: z.object({ identity: z.string() }),
    auth: 'token',
    permission: 'backups.manage',
    audit: { action: 'EXPORT', resource: 'backup_key', severity: 'critical' },
  }),
} as const;
