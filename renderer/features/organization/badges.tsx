import { clsx } from 'clsx';
import { Crown, ShieldCheck, UserCog } from 'lucide-react';
import type { MemberRole, Plan } from '../../../shared/tenancy';
import { statusColor } from '../../../shared/tenancy';

const DOT: Record<ReturnType<typeof statusColor>, string> = {
  green: 'bg-green-500',
  yellow: 'bg-yellow-400',
  red: 'bg-red-500',
  gray: 'bg-gray-400',
};

/** Organization status indicator (part 1 §4): active green, trial yellow, suspended red, cancelled gray. */
export function StatusDot({ status }: { status: string }) {
  const color = statusColor(status);
  return (
    <span
      data-status-color={color}
      title={status}
      className={clsx('inline-block size-2 shrink-0 rounded-full', DOT[color])}
    />
  );
}

const PLAN: Record<Plan, string> = {
  free: 'bg-gray-100 text-gray-700 dark:bg-gray-800 dark:text-gray-300',
  starter: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300',
  professional: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-300',
  enterprise: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
};

export function PlanBadge({ plan }: { plan: Plan }) {
  return (
    <span className={clsx('rounded px-1.5 py-0.5 text-xs font-medium capitalize', PLAN[plan])}>{plan}</span>
  );
}

const ROLE_ICONS: Partial<Record<MemberRole, typeof Crown>> = {
  owner: Crown,
  admin: ShieldCheck,
  manager: UserCog,
};

/** Owner, admin and manager have distinct role icons (part 2 §6); other roles show the name only. */
export function RoleLabel({ role }: { role: MemberRole }) {
  const Icon = ROLE_ICONS[role];
  return (
    <span className="inline-flex items-center gap-1.5 capitalize">
      {Icon ? <Icon aria-hidden="true" data-role-icon={role} className="size-4 text-muted" /> : null}
      {role}
    </span>
  );
}
