import type { ReportFilters } from '../../shared/api/reports';
import { ANALYTICS_RANGES } from '../../shared/usage';
import { COST_PERIOD_DAYS } from '../business/periods';
import { COST_PERIOD_OF, USAGE_RANGE_OF } from './sources';

const DAY_MS = 86_400_000;

/**
 * Which earlier period a figure is compared with, by what it covers: the report's period (dashboard and
 * audit figures), the cost screen's period, the budgets' 30 days, API traffic's 7 days, the health
 * checks' 24 hours, User Analytics' range; `none` for a figure that counts every alert ever raised.
 */
export type Comparison = 'period' | 'cost' | 'budget' | 'api' | 'health' | 'usage' | 'none';

export interface PreviousPeriod {
  /** The instant the figure is computed at for the earlier period: its end. */
  now: number;
  /** That period in words, as the file prints it after the change. */
  coverage: string;
}

const daysBefore = (now: number, days: number): PreviousPeriod => ({
  now: now - days * DAY_MS,
  coverage: days === 1 ? 'Previous 24 hours' : `Previous ${days} days`,
});

/**
 * The same figure's earlier period: the one just before the figure's own, of the same length, computed by
 * the same screen function at that period's end. Year to date compares with the same dates a year before.
 */
export function previousPeriod(
  comparison: Comparison,
  filters: ReportFilters,
  now: number,
): PreviousPeriod | null {
  switch (comparison) {
    case 'period':
      if (filters.period === 'ytd') {
        const then = new Date(now);
        then.setUTCFullYear(then.getUTCFullYear() - 1);
        return { now: then.getTime(), coverage: 'Same period last year' };
      }
      return daysBefore(now, filters.period === '7d' ? 7 : filters.period === '30d' ? 30 : 90);
    case 'cost':
      return daysBefore(now, COST_PERIOD_DAYS[COST_PERIOD_OF[filters.period]]);
    case 'budget':
      return daysBefore(now, 30);
    case 'api':
      // Every report reads API Performance's 7 days (sources.ts API_RANGE).
      return daysBefore(now, 7);
    case 'health':
      return daysBefore(now, 1);
    case 'usage':
      return daysBefore(
        now,
        ANALYTICS_RANGES.find((r) => r.value === USAGE_RANGE_OF[filters.period])?.days ?? 30,
      );
    case 'none':
      return null;
  }
}
