import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reports } from '../db/schema';

/**
 * A generation takes seconds; its job may be retried twice, each attempt leased for 5 minutes, and a
 * scheduled run is leased for 15. A report still `running` after this long has lost the process that
 * was generating it (killed, crashed, the machine stopped): nothing will ever finish it.
 */
export const REPORT_RUNNING_TIMEOUT_MINUTES = 30;

export const STUCK_REASON = `Generation stopped: the server generating this report ended before it finished (still running after ${REPORT_RUNNING_TIMEOUT_MINUTES} minutes). Generate it again.`;

/**
 * Puts every report left `running` for longer than the timeout (or since before the start time was kept)
 * in error with the reason, so that Generate Now works again. Run at start and every few minutes; a
 * generation that does finish later still stores its file and sets the report active. Answers the ids.
 */
export async function sweepStuckReports(db: Db, now: number): Promise<string[]> {
  const before = new Date(now - REPORT_RUNNING_TIMEOUT_MINUTES * 60_000);
  const swept = await db
    .update(reports)
    .set({ status: 'error', error: STUCK_REASON, runningSince: null })
    .where(
      and(eq(reports.status, 'running'), or(isNull(reports.runningSince), lt(reports.runningSince, before))),
    )
    .returning({ id: reports.id });
  return swept.map((r) => r.id);
}
