import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { BackupJobStatus, RestoreTestInput, RestoreTestSchedule } from '../../shared/api/backups';
import type { Db } from '../db/client';
import { backupRestoreTest, backupRuns } from '../db/schema';
import { nextRun } from './service';

/**
 * The daily restore test's setting (issue 29, protected by default): a new install's values, kept in one
 * row the screen edits. The pg-boss schedule follows it (applyRestoreTest in jobs.ts).
 */
export const DAILY_RESTORE_TEST_CRON = '30 4 * * *';
/** Restore tests take a random point of the last this many days when they pick one themselves. */
export const RESTORE_TEST_WINDOW_DAYS = 7;

const ROW_ID = 'daily';

/** A new install's setting: in UTC after the default nightly backup (defaults.ts, 02:00). */
export const defaultRestoreTest = (status: BackupJobStatus): RestoreTestInput => ({
  status,
  schedule: DAILY_RESTORE_TEST_CRON,
  windowDays: RESTORE_TEST_WINDOW_DAYS,
});

const inputOf = (row: typeof backupRestoreTest.$inferSelect): RestoreTestInput => ({
  status: row.status,
  schedule: row.schedule,
  windowDays: row.windowDays,
});

/** The stored setting; undefined before the first start with a job runner (a bare test app). */
export async function storedRestoreTest(db: Db): Promise<RestoreTestInput | undefined> {
  const [row] = await db.select().from(backupRestoreTest).where(eq(backupRestoreTest.id, ROW_ID));
  return row ? inputOf(row) : undefined;
}

/**
 * Stores `initial` unless a setting is there (an earlier start, or another instance, was first), and
 * answers the stored one: what an admin made of it outlives restarts and configuration.
 */
export async function ensureRestoreTest(
  db: Db,
  initial: RestoreTestInput,
  at: Date,
): Promise<RestoreTestInput> {
  await db
    .insert(backupRestoreTest)
    .values({ id: ROW_ID, ...initial, updatedAt: at })
    .onConflictDoNothing();
  return (await storedRestoreTest(db))!;
}

export async function saveRestoreTest(db: Db, input: RestoreTestInput, at: Date): Promise<void> {
  const values = {
    status: input.status,
    schedule: input.schedule,
    windowDays: input.windowDays,
    updatedAt: at,
  };
  await db
    .insert(backupRestoreTest)
    .values({ id: ROW_ID, ...values })
    .onConflictDoUpdate({ target: backupRestoreTest.id, set: values });
}

/** What the screen shows: the setting, its next run (none while paused) and the newest test's outcome. */
export async function restoreTestSchedule(
  db: Db,
  setting: RestoreTestInput,
  now: Date,
): Promise<RestoreTestSchedule> {
  const [last] = await db
    .select({ id: backupRuns.id, at: backupRuns.verifiedAt, verification: backupRuns.verification })
    .from(backupRuns)
    .where(and(inArray(backupRuns.verification, ['verified', 'failed']), isNotNull(backupRuns.verifiedAt)))
    .orderBy(desc(backupRuns.verifiedAt))
    .limit(1);
  return {
    ...setting,
    nextRun: setting.status === 'active' ? (nextRun(setting.schedule, now)?.toISOString() ?? null) : null,
    lastTest:
      last?.at && last.verification !== 'pending'
        ? { at: last.at.toISOString(), pointId: last.id, verification: last.verification }
        : null,
  };
}
