import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { BackupType } from '../../shared/api/backups';
import type { Db } from '../db/client';
import { backupRuns } from '../db/schema';

export type RunRow = typeof backupRuns.$inferSelect;

/** A run whose archive is on disk and whole. */
const available = and(eq(backupRuns.status, 'success'), isNull(backupRuns.removedAt));

export async function runById(db: Db, id: string): Promise<RunRow | undefined> {
  const [row] = await db.select().from(backupRuns).where(eq(backupRuns.id, id));
  return row;
}

/** The run, when it is no longer running (its outcome is known). */
export async function finishedRun(db: Db, id: string): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: backupRuns.id })
    .from(backupRuns)
    .where(and(eq(backupRuns.id, id), ne(backupRuns.status, 'running')));
  return row;
}

/**
 * The archive a new backup of this type continues: an incremental the newest archive of any type, a
 * differential the newest full. Without one the backup is made full.
 */
export async function baseFor(db: Db, type: BackupType): Promise<RunRow | undefined> {
  if (type === 'full') return undefined;
  const [row] = await db
    .select()
    .from(backupRuns)
    .where(type === 'differential' ? and(available, eq(backupRuns.type, 'full')) : available)
    .orderBy(desc(backupRuns.startedAt))
    .limit(1);
  return row;
}

/** The archives to restore for a run, oldest first: the full it starts from, then each link after it. */
export async function chainOf(db: Db, run: RunRow): Promise<RunRow[]> {
  const chain = [run];
  let current = run;
  while (current.type !== 'full') {
    if (!current.baseRunId) throw new Error('This recovery point has lost the backup it continues');
    const [base] = await db.select().from(backupRuns).where(eq(backupRuns.id, current.baseRunId));
    if (!base || base.status !== 'success' || base.removedAt)
      throw new Error('This recovery point has lost the backup it continues');
    chain.unshift(base);
    current = base;
  }
  return chain;
}
