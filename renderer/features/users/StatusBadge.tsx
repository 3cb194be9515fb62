import { clsx } from 'clsx';
import { USER_STATUS_LABELS, type UserStatus } from '../../../shared/users';

const TONES: Record<UserStatus, string> = {
  active: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/10 dark:text-emerald-300',
  inactive: 'bg-surface-muted text-fg',
  suspended: 'bg-red-50 text-red-800 dark:bg-red-500/10 dark:text-red-300',
  pending: 'bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200',
};

export function StatusBadge({ status }: { status: UserStatus }) {
  return (
    <span className={clsx('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', TONES[status])}>
      {USER_STATUS_LABELS[status]}
    </span>
  );
}
