import type { AuditLog } from '../../../shared/api/audit';
import { AUDIT_TEXTS } from './texts';

/** A record's instant as the table shows it: local date and time to the second. */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export const userLabel = (log: AuditLog) => log.userName ?? log.userEmail ?? AUDIT_TEXTS.unknownUser;

export const STATUS_STYLES: Record<AuditLog['status'], string> = {
  success: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200',
  failure: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200',
};

export const SEVERITY_STYLES: Record<AuditLog['severity'], string> = {
  low: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
  medium: 'bg-blue-100 text-blue-800 dark:bg-blue-900/40 dark:text-blue-200',
  high: 'bg-orange-100 text-orange-800 dark:bg-orange-900/40 dark:text-orange-200',
  critical: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200',
};
