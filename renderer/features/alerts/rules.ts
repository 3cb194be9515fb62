import type { Alert, AlertSeverity, AlertStatus } from '../../../shared/alerting';
import type { StatusTone } from '../../components/ui/StatusBadge';

export interface AlertFilter {
  search: string;
  severity: AlertSeverity | 'all';
  status: AlertStatus | 'all';
}
export const NO_ALERT_FILTER: AlertFilter = { search: '', severity: 'all', status: 'all' };

/** Part 2 §2, §5: a case-insensitive substring of title, description or source; select filters by equality. */
export function filterAlerts(alerts: readonly Alert[], filter: AlertFilter): Alert[] {
  const needle = filter.search.trim().toLowerCase();
  return alerts.filter(
    (a) =>
      (filter.severity === 'all' || a.severity === filter.severity) &&
      (filter.status === 'all' || a.status === filter.status) &&
      (!needle || [a.title, a.description, a.source].some((text) => text.toLowerCase().includes(needle))),
  );
}

export const SEVERITY_TONE: Record<AlertSeverity, StatusTone> = {
  critical: 'critical',
  high: 'critical',
  medium: 'warning',
  low: 'info',
  info: 'neutral',
};

export const STATUS_TONE: Record<AlertStatus, StatusTone> = {
  active: 'critical',
  acknowledged: 'warning',
  resolved: 'ok',
  suppressed: 'neutral',
};

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
