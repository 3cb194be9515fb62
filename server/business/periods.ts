import type { CostPeriod, DashboardPeriod } from '../../shared/api/business';
import { DAY_MS, startOfUtcDay } from './formulas';

export interface Window {
  start: number;
  end: number;
  days: number;
}

/** 7d and 30d: the last 7 and 30 days; quarter: the last 90 days; ytd: since 1 January (UTC). */
export function dashboardWindow(period: DashboardPeriod, now: number): Window {
  if (period === 'ytd') {
    const start = Date.UTC(new Date(now).getUTCFullYear(), 0, 1);
    return { start, end: now, days: Math.max(1, (now - start) / DAY_MS) };
  }
  const days = period === '7d' ? 7 : period === '30d' ? 30 : 90;
  return { start: now - days * DAY_MS, end: now, days };
}

export const COST_PERIOD_DAYS: Record<CostPeriod, number> = { '7d': 7, '30d': 30, '90d': 90, '1y': 365 };

/**
 * Cost is billed by whole days: the current period is the last `n` complete days (today excluded, its
 * bill is not in yet), the previous one the `n` days before.
 */
export function costDays(period: CostPeriod, now: number): { first: number; last: number; days: number } {
  const days = COST_PERIOD_DAYS[period];
  const last = startOfUtcDay(now) - DAY_MS;
  return { first: last - (days - 1) * DAY_MS, last, days };
}
