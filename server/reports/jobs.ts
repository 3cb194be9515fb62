import { z } from 'zod';
import type { ServerContext } from '../context';
import type { JobRunner } from '../jobs/runner';
import { TIMEZONE_IANA } from '../../shared/settings';
import { runDueReports, rescheduleAll } from './deliver';
import { generateReport } from './generate';
import { purgeExpiredReportFiles } from './store';
import { sweepStuckReports } from './sweep';

export const REPORT_QUEUES = {
  generate: 'report-generate',
  schedules: 'report-schedules',
  fileExpiry: 'report-file-expiry',
  stuckSweep: 'report-stuck-sweep',
} as const;

const generateData = z.object({ reportId: z.uuid(), trigger: z.enum(['manual', 'schedule']) }).strict();
const noData = z.object({}).strict();

/**
 * The reports' jobs: a generation per request (the report is `running` meanwhile), a scheduler tick each
 * minute that runs the reports whose next run (cron in the platform's timezone) has come, the hourly
 * removal of files past their retention, and every 5 minutes the sweep of reports whose generation died
 * with its process (server/reports/sweep.ts). Schedules follow a change of the platform's timezone.
 */
export async function defineReportJobs(jobs: JobRunner, ctx: ServerContext): Promise<void> {
  await jobs.define(
    REPORT_QUEUES.generate,
    async (data) => {
      await generateReport(ctx, data.reportId, data.trigger);
    },
    { data: generateData, concurrency: 2, retries: 2, leaseSeconds: 300 },
  );
  await jobs.define(
    REPORT_QUEUES.schedules,
    async () => {
      await runDueReports(ctx);
    },
    { data: noData, policy: 'stately', retries: 1, leaseSeconds: 900 },
  );
  await jobs.define(
    REPORT_QUEUES.fileExpiry,
    async () => {
      await purgeExpiredReportFiles(ctx.db, ctx.config.now());
    },
    { data: noData, policy: 'stately', retries: 5, retryDelaySeconds: 60 },
  );
  await jobs.define(
    REPORT_QUEUES.stuckSweep,
    async () => {
      await sweepStuckReports(ctx.db, ctx.config.now());
    },
    { data: noData, policy: 'stately', retries: 2, retryDelaySeconds: 60 },
  );
  await jobs.schedule(REPORT_QUEUES.schedules, '* * * * *', 'UTC', {});
  await jobs.schedule(REPORT_QUEUES.stuckSweep, '*/5 * * * *', 'UTC', {});
  await jobs.schedule(REPORT_QUEUES.fileExpiry, '0 * * * *', 'UTC', {});

  let zone = TIMEZONE_IANA[(await ctx.settings.current()).settings.general.timezone];
  ctx.settings.subscribe((state) => {
    const next = TIMEZONE_IANA[state.settings.general.timezone];
    if (next === zone) return;
    zone = next;
    void rescheduleAll(ctx, next).catch(() => undefined);
  });
}
