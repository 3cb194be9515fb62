import { clsx } from 'clsx';
import {
  CircleCheck,
  CirclePause,
  CircleX,
  Clock,
  Crown,
  ShieldCheck,
  UserCog,
  type LucideIcon,
} from 'lucide-react';
import type { MemberRole, Plan } from '../../../shared/tenancy';
import { statusColor } from '../../../shared/tenancy';
import { StatusIcon, type StatusTone } from '../../components/ui/StatusBadge';

const TONE: Record<ReturnType<typeof statusColor>, StatusTone> = {
  green: 'ok',
  yellow: 'warning',
  red: 'critical',
  gray: 'neutral',
};

/** Each status has its own shape besides its colour, so it reads without the colour. */
const ICON: Record<string, LucideIcon> = {
  active: CircleCheck,
  trial: Clock,
  suspended: CirclePause,
  cancelled: CircleX,
};

/**
 * Organization status indicator (part 1 §4): active green, trial yellow, suspended red, cancelled gray,
 * each with its own icon. `labelled` where the status is not written beside it (the switcher).
 */
export function StatusDot({ status, labelled = false }: { status: string; labelled?: boolean }) {
  return (
    <StatusIcon tone={TONE[statusColor(status)]} icon={ICON[status]} label={labelled ? status : undefined} />
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
