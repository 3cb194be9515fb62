import type { ReportDefinition } from '../../../shared/api/reports';
import {
  CATEGORY_PERMISSIONS,
  METRICS,
  METRIC_IDS,
  NO_NEXT_RUN,
  type MetricId,
  type ReportSchedule,
  type ReportStatus,
} from '../../../shared/reports';
import type { StatusTone } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';

/** Sizes in 1024 units (part 2 §9). */
export function formatSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export const STATUS_TONE: Record<ReportStatus, StatusTone> = {
  active: 'ok',
  inactive: 'neutral',
  running: 'info',
  error: 'critical',
};

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const scheduleLabel = (schedule: ReportSchedule) => capitalize(schedule);

export const nextRunLabel = (report: Pick<ReportDefinition, 'nextRun'>) =>
  report.nextRun ? formatDateTime(report.nextRun) : NO_NEXT_RUN;

/** The metrics whose family the signed-in user may see (the server also checks each screen's own). */
export function availableMetrics(permissions: readonly string[]): MetricId[] {
  return METRIC_IDS.filter((id) => permissions.includes(CATEGORY_PERMISSIONS[METRICS[id].category]));
}

export const metricLabel = (id: MetricId) => METRICS[id].label;

/** Recipients from a comma- or line-separated text; blanks dropped. */
export const parseRecipients = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((r) => r.trim())
    .filter(Boolean);
