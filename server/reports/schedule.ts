import { Cron } from 'croner';
import type { ReportSchedule } from '../../shared/reports';

/**
 * When each schedule fires, as cron in the platform's timezone: daily at 06:00, weekly on Monday at 06:00,
 * monthly on the 1st at 06:00 (wall-clock time there, across DST changes).
 */
export const REPORT_CRONS: Record<Exclude<ReportSchedule, 'manual'>, string> = {
  daily: '0 6 * * *',
  weekly: '0 6 * * 1',
  monthly: '0 6 1 * *',
};

/** The first run strictly after `after` (epoch ms) in `timeZone` (IANA), or null for a manual report. */
export function nextRun(schedule: ReportSchedule, timeZone: string, after: number): Date | null {
  if (schedule === 'manual') return null;
  const cron = new Cron(REPORT_CRONS[schedule], { timezone: timeZone, paused: true });
  try {
    return cron.nextRun(new Date(after));
  } finally {
    cron.stop();
  }
}
