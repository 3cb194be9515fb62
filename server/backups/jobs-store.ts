import { eq } from 'drizzle-orm';
import type { BackupJobInput } from '../../shared/api/backups';
import type { Db } from '../db/client';
import { backupJobs } from '../db/schema';

/** The backup jobs' rows (the schedules the screen edits; the job runner's queues are in jobs.ts). */
export type JobRow = typeof backupJobs.$inferSelect;

/** The columns a backup job's form sets. */
const values = (body: BackupJobInput) => ({
  name: body.name,
  type: body.type,
  locationId: body.locationId,
  schedule: body.schedule,
  retentionDays: body.retention,
  compression: body.compression,
  status: body.status,
});

export async function insertJob(db: Db, body: BackupJobInput, at: Date): Promise<JobRow> {
  const [row] = await db
    .insert(backupJobs)
    .values({ ...values(body), createdAt: at, updatedAt: at })
    .returning();
  return row!;
}

export async function updateJob(db: Db, id: string, body: BackupJobInput, at: Date): Promise<void> {
  await db
    .update(backupJobs)
    .set({ ...values(body), updatedAt: at })
    .where(eq(backupJobs.id, id));
}

/** The job deleted; undefined when there was none. */
export async function deleteJob(db: Db, id: string): Promise<JobRow | undefined> {
  const [row] = await db.delete(backupJobs).where(eq(backupJobs.id, id)).returning();
  return row;
}
