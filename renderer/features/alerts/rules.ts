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

/**
 * Part 2 §6: the rule controls (create, edit, pause, duplicate, delete) need alerts.create and alerts.update
 * together; the Alerts screen's Create Rule and /alert-rules?new=1 are the same control.
 */
export function mayManageRules(permissions: readonly string[] | undefined): boolean {
  return RULE_CONTROL_PERMISSIONS.every((p) => (permissions ?? []).includes(p));
}
export const RULE_CONTROL_PERMISSIONS = ['alerts.create', 'alerts.update'] as const;

/** Delete also needs alerts.delete, which the server asks of it: never a button the server would refuse. */
export function mayDeleteRules(permissions: readonly string[] | undefined): boolean {
  return mayManageRules(permissions) && (permissions ?? []).includes('alerts.delete');
}
