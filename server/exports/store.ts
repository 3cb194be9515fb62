import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLogs, exportJobs } from '../db/schema';

export type ExportJobRow = typeof exportJobs.$inferSelect;
export type NewExportJob = typeof exportJobs.$inferInsert;

/** The job, if it is the user's. */
export async function findOwnExportJob(
  db: Db,
  id: string,
  userId: string,
): Promise<ExportJobRow | undefined> {
  const [row] = await db
    .select()
    .from(exportJobs)
    .where(and(eq(exportJobs.id, id), eq(exportJobs.userId, userId)));
  return row;
}

/** Where a new job freezes: the audit chain's last seq and the database's clock, as text. */
export async function exportFreezePoint(db: Db): Promise<{ seq: number; at: string } | undefined> {
  // The database's clock, the one that stamped the rows' created_at.
  const [head] = await db
    .select({ seq: sql<number>`coalesce(max(${auditLogs.seq}), 0)::int`, at: sql<string>`now()::text` })
    .from(auditLogs);
  return head;
}

export async function insertExportJob(db: Db, values: NewExportJob): Promise<ExportJobRow> {
  const [row] = await db.insert(exportJobs).values(values).returning();
  if (!row) throw new Error('export job not inserted');
  return row;
}

/** The user's last 50 jobs, newest first. */
export async function exportHistoryOf(db: Db, userId: string): Promise<ExportJobRow[]> {
  return db
    .select()
    .from(exportJobs)
    .where(eq(exportJobs.userId, userId))
    .orderBy(desc(exportJobs.createdAt))
    .limit(50);
}
