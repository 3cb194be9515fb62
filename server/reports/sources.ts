import type {
  ApiPerformance,
  BudgetStatus,
  BusinessDashboard,
  CostBreakdown,
  CostRecommendation,
} from '../../shared/api';
import type { Alert } from '../../shared/alerting';
import type { AlertStats } from '../../shared/api/alerts';
import type { ServiceCard } from '../../shared/api/monitoring';
import type { UserAnalytics } from '../../shared/api/usage';
import type { ReportFilters } from '../../shared/api/reports';
import type { CostPeriod } from '../../shared/api/business';
import type { ApiRange } from '../../shared/monitoring';
import type { AnalyticsRange } from '../../shared/usage';
import type { AuditFilter } from '../../shared/api/audit';
import { eq } from 'drizzle-orm';
import { alertsWithHistory, alertStats } from '../alerts/queries';
import { countAudit } from '../audit/query';
import { alerts } from '../db/schema';
import type { Db } from '../db/client';
import { breakdownOf, budgetsOf, loadPeriods, recommendationsOf } from '../business/cost';
import { businessFigures } from '../business/dashboard';
import { userAnalytics } from '../usage/store';
import { apiPerformance } from '../monitoring/read/api-performance';
import { serviceCards } from '../monitoring/read/system-health';

/** The cost screen's period nearest to each report period (the cost screen has no quarter or year to date). */
export const COST_PERIOD_OF: Record<ReportFilters['period'], CostPeriod> = {
  '7d': '7d',
  '30d': '30d',
  quarter: '90d',
  ytd: '1y',
};
/** User Analytics keeps 90 days at most. */
export const USAGE_RANGE_OF: Record<ReportFilters['period'], AnalyticsRange> = {
  '7d': '7d',
  '30d': '30d',
  quarter: '90d',
  ytd: '90d',
};
/** API Performance keeps 7 days at most: every period reads its longest range. */
export const API_RANGE: ApiRange = '7d';

/**
 * The screens' own figures for one report, each fetched at most once however many metrics use it: every
 * function here is the one the screen's route calls, with the screen's parameters.
 */
export interface Sources {
  readonly now: number;
  readonly filters: ReportFilters;
  dashboard(): Promise<BusinessDashboard>;
  costBreakdown(): Promise<CostBreakdown>;
  recommendations(): Promise<CostRecommendation[]>;
  budgets(): Promise<BudgetStatus[]>;
  api(): Promise<ApiPerformance>;
  services(): Promise<ServiceCard[]>;
  usage(): Promise<UserAnalytics>;
  /** Alert Management's list and KPI cards: the platform's alerts, or the report's organization's. */
  alerts(): Promise<Alert[]>;
  alertStats(): Promise<AlertStats>;
  /** The Audit Logs screen's total for a filter, in the report's organization if it names one. */
  auditCount(filter: Omit<AuditFilter, 'search'>): Promise<number>;
}

export function createSources(db: Db, now: number, filters: ReportFilters): Sources {
  const once = <T>(load: () => Promise<T>): (() => Promise<T>) => {
    let value: Promise<T> | undefined;
    return () => (value ??= load());
  };
  const costPeriod = COST_PERIOD_OF[filters.period];
  const periods = once(() => loadPeriods(db, costPeriod, now));
  const usageRange = USAGE_RANGE_OF[filters.period];
  return {
    now,
    filters,
    dashboard: once(() => businessFigures(db, now, filters.period, filters.organizationId)),
    costBreakdown: once(async () => breakdownOf(await periods(), costPeriod)),
    recommendations: once(async () => recommendationsOf(await periods())),
    budgets: once(() => budgetsOf(db, now)),
    api: once(() => apiPerformance(db, API_RANGE, now, filters.organizationId ?? undefined)),
    services: once(() => serviceCards(db, now)),
    usage: once(() => userAnalytics(db, usageRange, now)),
    alerts: once(() =>
      filters.organizationId
        ? alertsWithHistory(db, eq(alerts.organizationId, filters.organizationId))
        : alertsWithHistory(db),
    ),
    alertStats: once(() => alertStats(db, filters.organizationId)),
    auditCount: (filter) =>
      countAudit(db, {
        ...filter,
        ...(filters.organizationId ? { organizationId: filters.organizationId } : {}),
      }),
  };
}
