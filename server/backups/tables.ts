/** The backups group's tables (the barrel of every table is server/db/schema.ts). */
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  BACKUP_COMPRESSIONS,
  BACKUP_JOB_STATUSES,
  BACKUP_RUN_STATUSES,
  BACKUP_TRIGGERS,
  BACKUP_TYPES,
  RESTORE_TEST_RESULTS,
  STORAGE_STATUSES,
} from '../../shared/api/backups';
import { type ArchiveManifest } from './format';
import { createdAt, instant, updatedAt } from '../db/columns';

/** Folders that hold backup archives (part 2 §2 Storage Locations); figures from statfs at each check. */
export const backupLocations = pgTable('backup_locations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  path: text('path').notNull().unique(),
  /** The data folder's backups/ folder, made at first use. */
  isDefault: boolean('is_default').notNull().default(false),
  status: text('status', { enum: STORAGE_STATUSES }).notNull().default('online'),
  statusReason: text('status_reason'),
  capacity: bigint('capacity', { mode: 'number' }).notNull().default(0),
  used: bigint('used', { mode: 'number' }).notNull().default(0),
  available: bigint('available', { mode: 'number' }).notNull().default(0),
  lastCheck: instant('last_check'),
  createdAt: createdAt(),
});

export const backupJobs = pgTable('backup_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  type: text('type', { enum: BACKUP_TYPES }).notNull(),
  locationId: uuid('location_id')
    .notNull()
    .references(() => backupLocations.id, { onDelete: 'restrict' }),
  schedule: text('schedule').notNull(),
  retentionDays: integer('retention_days').notNull(),
  compression: text('compression', { enum: BACKUP_COMPRESSIONS }).notNull().default('gzip'),
  status: text('status', { enum: BACKUP_JOB_STATUSES }).notNull().default('active'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per backup run (the history); a successful run's archive is a recovery point. */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id').references(() => backupJobs.id, { onDelete: 'set null' }),
    jobName: text('job_name').notNull(),
    type: text('type', { enum: BACKUP_TYPES }).notNull(),
    trigger: text('trigger', { enum: BACKUP_TRIGGERS }).notNull(),
    status: text('status', { enum: BACKUP_RUN_STATUSES }).notNull(),
    startedAt: instant('started_at').notNull(),
    endedAt: instant('ended_at'),
    /**
     * Written while the run goes on: a running run whose instance stopped writing it (killed) is failed,
     * and its .part file removed, by whichever instance looks next (server/backups/service.ts).
     */
    heartbeatAt: instant('heartbeat_at'),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    tables: integer('tables').notNull().default(0),
    rows: bigint('rows', { mode: 'number' }).notNull().default(0),
    error: text('error'),
    locationId: uuid('location_id').references(() => backupLocations.id, { onDelete: 'set null' }),
    fileName: text('file_name'),
    sha256: text('sha256'),
    /** The archive this incremental or differential continues. */
    baseRunId: uuid('base_run_id').references((): AnyPgColumn => backupRuns.id, { onDelete: 'set null' }),
    manifest: jsonb('manifest').$type<ArchiveManifest>(),
    verification: text('verification', { enum: RESTORE_TEST_RESULTS }).notNull().default('pending'),
    verifiedAt: instant('verified_at'),
    restoreTestMs: integer('restore_test_ms'),
    verificationError: text('verification_error'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** When retention removed the archive; the history row stays. */
    removedAt: instant('removed_at'),
  },
  (t) => [index('backup_runs_started').on(t.startedAt), index('backup_runs_job').on(t.jobId, t.startedAt)],
);

/**
 * The daily restore test's settings (issue 29): one row, 'daily', written at the first start with a job
 * runner (active, or paused when CONSOLE_DEFAULT_BACKUPS=off) and by the screen's edits. The pg-boss
 * schedule follows it (server/backups/restore-test.ts).
 */
export const backupRestoreTest = pgTable('backup_restore_test', {
  id: text('id').primaryKey(),
  status: text('status', { enum: BACKUP_JOB_STATUSES }).notNull(),
  schedule: text('schedule').notNull(),
  windowDays: integer('window_days').notNull(),
  updatedAt: updatedAt(),
});
