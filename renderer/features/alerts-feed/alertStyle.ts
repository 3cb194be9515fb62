import {
  AlertOctagon,
  AlertTriangle,
  CheckCircle2,
  DollarSign,
  Info,
  Server,
  ShieldAlert,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type { AlertFilter, AlertPriority, BannerAlertType } from '../../../shared/alerts';
import { ALERTS_FEED_TEXTS } from './texts';

/** Icon and colours per alert type (part 1 §2). */
export const TYPE_STYLE: Record<BannerAlertType, { icon: LucideIcon; tone: string }> = {
  success: { icon: CheckCircle2, tone: 'text-green-600 dark:text-green-400' },
  revenue: { icon: DollarSign, tone: 'text-emerald-600 dark:text-emerald-400' },
  customer: { icon: Users, tone: 'text-sky-600 dark:text-sky-400' },
  warning: { icon: AlertTriangle, tone: 'text-amber-600 dark:text-amber-400' },
  error: { icon: AlertOctagon, tone: 'text-red-600 dark:text-red-400' },
  system: { icon: Server, tone: 'text-slate-600 dark:text-slate-300' },
  security: { icon: ShieldAlert, tone: 'text-rose-600 dark:text-rose-400' },
  info: { icon: Info, tone: 'text-indigo-600 dark:text-indigo-400' },
};

export const PRIORITY_STYLE: Record<AlertPriority, string> = {
  critical: 'bg-red-600 text-white',
  high: 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300',
  medium: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
  low: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
};

/** The category filter's names (see texts.ts). */
export const FILTER_LABELS: Record<AlertFilter, string> = ALERTS_FEED_TEXTS.filters;
