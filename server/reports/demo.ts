import { and, eq } from 'drizzle-orm';
import { TIMEZONE_IANA } from '../../shared/settings';
import type { ServerContext } from '../context';
import { reports } from '../db/schema';
import { nextRun } from './schedule';

/**
 * The demo's reports (seed/reports.ts) on the first start: each is claimed once (so that two instances
 * never both take it), given its next run in the platform's timezone, marked running and handed to
 * `generate`. Answers the ids claimed.
 */
export async function startDemoReports(
  ctx: ServerContext,
  generate: (reportId: string) => Promise<void>,
): Promise<string[]> {
  const pending = await ctx.db
    .select({ id: reports.id, schedule: reports.schedule })
    .from(reports)
    .where(eq(reports.generateOnStart, true));
  if (pending.length === 0) return [];
  const now = ctx.config.now();
  const timeZone = TIMEZONE_IANA[(await ctx.settings.current()).settings.general.timezone];
  const claimed: string[] = [];
  for (const report of pending) {
    const [row] = await ctx.db
      .update(reports)
      .set({
        generateOnStart: false,
        status: 'running',
        error: null,
        runningSince: new Date(now),
        nextRunAt: nextRun(report.schedule, timeZone, now),
      })
      .where(and(eq(reports.id, report.id), eq(reports.generateOnStart, true)))
      .returning({ id: reports.id });
    if (row) claimed.push(row.id);
  }
  for (const id of claimed) await generate(id);
  return claimed;
}
