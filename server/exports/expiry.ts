import { lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { exportJobs } from '../db/schema';

const DAY_MS = 86_400_000;

/**
 * Export jobs expire a day after they are made (their download then answers 410, their status
 * `expired`); the history keeps showing them for `keepDays` more, then this removes them for good.
 */
export async function purgeExpiredExports(
  db: Db,
  options: { now: number; keepDays: number },
): Promise<number> {
  const removed = await db
    .delete(exportJobs)
    .where(lt(exportJobs.expiresAt, new Date(options.now - options.keepDays * DAY_MS)))
    .returning({ id: exportJobs.id });
  return removed.length;
}
