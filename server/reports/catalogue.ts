import { AUDIT_ACTIONS } from '../../shared/api/audit';
import { businessEndpoints } from '../../shared/api/business';
import type { Endpoint } from '../../shared/api/endpoint';
import { monitoringEndpoints } from '../../shared/api/monitoring';
import type { MetricResult, ReportFilters } from '../../shared/api/reports';
import { usageEndpoints } from '../../shared/api/usage';
import { auditEndpoints } from '../../shared/api/audit';
import { METRICS, REPORT_PERIOD_LABELS, type MetricId } from '../../shared/reports';
import { dashboardWindow } from '../domain/business/periods';
import { API_RANGE, COST_PERIOD_OF, USAGE_RANGE_OF, type Sources } from './sources';

/** What a metric adds to its public description: the figures, read from its screen's source. */
export type Figure = Pick<MetricResult, 'coverage' | 'value' | 'table' | 'chart'>;

export interface CatalogueEntry {
  /**
   * The endpoint that serves the figure on its screen: its permission (and, in one organization, its
   * tenant rule) is asked of the report's creator too, so that a report never shows more than the screen.
   */
  source(filters: ReportFilters): Endpoint;
  compute(sources: Sources): Promise<Figure>;
}

type Cell = string | number | null;
const col = (label: string, unit: MetricResult['table']['columns'][number]['unit']) => ({ label, unit });

const dashboardSource = (filters: ReportFilters): Endpoint =>
  filters.organizationId ? businessEndpoints.organizationDashboard : businessEndpoints.platformDashboard;
const costSource = () => businessEndpoints.costBreakdown;
const apiSource = () => monitoringEndpoints.apiPerformance;

const periodCoverage = (s: Sources) =>
  REPORT_PERIOD_LABELS[s.filters.period] + (s.filters.organizationId ? ' · one organization' : '');
const costCoverage = (s: Sources) => `Cloud cost, period ${COST_PERIOD_OF[s.filters.period]}`;
const apiCoverage = () => `API traffic, last ${API_RANGE}`;
const usageCoverage = (s: Sources) => `Console usage, last ${USAGE_RANGE_OF[s.filters.period]}`;

/** A headline KPI of the dashboard, charted with the 12-month revenue series it sits beside. */
const dashboardKpi = (
  pick: (d: Awaited<ReturnType<Sources['dashboard']>>) => number | null,
  label: string,
  unit: MetricResult['table']['columns'][number]['unit'],
): CatalogueEntry => ({
  source: dashboardSource,
  async compute(s) {
    const d = await s.dashboard();
    const value = pick(d);
    return {
      coverage: periodCoverage(s),
      value,
      table: {
        columns: [col('Figure', 'text'), col(label, unit), col('From', 'date'), col('To', 'date')],
        rows: [[label, value, d.from, d.to]],
      },
      chart: { kind: 'line', points: d.revenueSeries.map((p) => ({ label: p.month, value: p.revenue })) },
    };
  },
});

const planFilter = <T extends { plan: string }>(rows: T[], filters: ReportFilters) =>
  filters.plan ? rows.filter((r) => r.plan === filters.plan) : rows;

/**
 * The catalogue: each metric reads the function its screen's route calls (server/reports/sources.ts). To
 * add one (the alerting figures: alerts by severity, mean time to resolve), add its description to
 * METRICS in shared/reports.ts, a loader to Sources if its screen's function is new, and an entry here.
 */
export const CATALOGUE: Record<MetricId, CatalogueEntry> = {
  mrr: dashboardKpi((d) => d.kpis.mrr, 'MRR', 'money'),
  arr: dashboardKpi((d) => d.kpis.annualRunRate, 'ARR', 'money'),
  churn: dashboardKpi((d) => d.kpis.monthlyChurn, 'Monthly churn', 'ratio'),
  cac: dashboardKpi((d) => d.kpis.cac, 'CAC', 'money'),
  ltv: dashboardKpi((d) => d.kpis.ltv, 'LTV', 'money'),
  trialConversion: dashboardKpi((d) => d.kpis.trialConversion, 'Trial conversion', 'ratio'),
  revenueByPlan: {
    source: dashboardSource,
    async compute(s) {
      const rows = planFilter((await s.dashboard()).revenueByPlan, s.filters);
      return {
        coverage: periodCoverage(s) + (s.filters.plan ? ` · plan ${s.filters.plan}` : ''),
        value: rows.reduce((sum, r) => sum + r.mrr, 0),
        table: {
          columns: [col('Plan', 'text'), col('Customers', 'count'), col('MRR', 'money')],
          rows: rows.map((r): Cell[] => [r.plan, r.customers, r.mrr]),
        },
        chart: { kind: 'bar', points: rows.map((r) => ({ label: r.plan, value: r.mrr })) },
      };
    },
  },
  topCenters: {
    source: dashboardSource,
    async compute(s) {
      const rows = planFilter((await s.dashboard()).topCenters, s.filters);
      return {
        coverage: periodCoverage(s) + (s.filters.plan ? ` · plan ${s.filters.plan}` : ''),
        value: rows.reduce((sum, r) => sum + r.mrr, 0),
        table: {
          columns: [
            col('Center', 'text'),
            col('Plan', 'text'),
            col('Children', 'count'),
            col('MRR', 'money'),
            col('Health', 'text'),
          ],
          rows: rows.map((r): Cell[] => [r.name, r.plan, r.children, r.mrr, r.health]),
        },
        chart: { kind: 'bar', points: rows.map((r) => ({ label: r.name, value: r.mrr })) },
      };
    },
  },
  costByService: {
    source: costSource,
    async compute(s) {
      const b = await s.costBreakdown();
      return {
        coverage: costCoverage(s),
        value: b.total.current_cost,
        table: {
          columns: [
            col('Service', 'text'),
            col('Cost', 'money'),
            col('Previous period', 'money'),
            col('Change %', 'percent'),
          ],
          rows: b.services.map((r): Cell[] => [r.name, r.current_cost, r.previous_cost, r.change_percent]),
        },
        chart: { kind: 'bar', points: b.services.map((r) => ({ label: r.name, value: r.current_cost })) },
      };
    },
  },
  budgetUse: {
    source: () => businessEndpoints.costBudgets,
    async compute(s) {
      const budgets = await s.budgets();
      return {
        coverage: 'Cloud cost, last 30 days',
        value: budgets.length ? Math.max(...budgets.map((b) => b.usedPercent)) : null,
        table: {
          columns: [
            col('Budget', 'text'),
            col('Monthly limit', 'money'),
            col('Spent', 'money'),
            col('Used %', 'percent'),
          ],
          rows: budgets.map((b): Cell[] => [b.name, b.monthlyLimit, b.spent, b.usedPercent]),
        },
        chart: { kind: 'bar', points: budgets.map((b) => ({ label: b.name, value: b.usedPercent })) },
      };
    },
  },
  recommendations: {
    source: () => businessEndpoints.costRecommendations,
    async compute(s) {
      const list = await s.recommendations();
      return {
        coverage: costCoverage(s),
        value: list.reduce((sum, r) => sum + r.potential_savings, 0),
        table: {
          columns: [
            col('Recommendation', 'text'),
            col('Service', 'text'),
            col('Effort', 'text'),
            col('Savings / month', 'money'),
          ],
          rows: list.map((r): Cell[] => [r.title, r.service, r.effort, r.potential_savings]),
        },
        chart: { kind: 'bar', points: list.map((r) => ({ label: r.service, value: r.potential_savings })) },
      };
    },
  },
  requestVolume: {
    source: apiSource,
    async compute(s) {
      const a = await s.api();
      return {
        coverage: apiCoverage(),
        value: a.kpis.requests,
        table: {
          columns: [col('Time', 'date'), col('Requests', 'count'), col('Errors', 'count')],
          rows: a.trend.map((p): Cell[] => [p.time, p.requests, p.errors]),
        },
        chart: { kind: 'line', points: a.trend.map((p) => ({ label: p.time, value: p.requests })) },
      };
    },
  },
  errorRate: {
    source: apiSource,
    async compute(s) {
      const a = await s.api();
      return {
        coverage: apiCoverage(),
        value: a.kpis.errorRate,
        table: {
          columns: [col('Status', 'text'), col('Count', 'count'), col('Share %', 'percent')],
          rows: a.errors.map((e): Cell[] => [String(e.status), e.count, e.percentage]),
        },
        chart: { kind: 'bar', points: a.errors.map((e) => ({ label: String(e.status), value: e.count })) },
      };
    },
  },
  latency: {
    source: apiSource,
    async compute(s) {
      const a = await s.api();
      return {
        coverage: apiCoverage(),
        value: a.latency.p95,
        table: {
          columns: [col('Percentile', 'text'), col('Milliseconds', 'ms')],
          rows: [
            ['p50', a.latency.p50],
            ['p95', a.latency.p95],
            ['p99', a.latency.p99],
          ],
        },
        chart: {
          kind: 'line',
          points: a.trend.flatMap((p) => (p.p95 === null ? [] : [{ label: p.time, value: p.p95 }])),
        },
      };
    },
  },
  apdex: {
    source: apiSource,
    async compute(s) {
      const a = await s.api();
      return {
        coverage: apiCoverage(),
        value: a.apdex,
        table: {
          columns: [col('Endpoint', 'text'), col('Requests', 'count'), col('Apdex', 'score')],
          rows: a.endpoints.map((e): Cell[] => [`${e.method} ${e.route}`, e.requests, e.apdex]),
        },
        chart: {
          kind: 'bar',
          points: a.endpoints.flatMap((e) =>
            e.apdex === null ? [] : [{ label: `${e.method} ${e.route}`, value: e.apdex }],
          ),
        },
      };
    },
  },
  uptime: {
    source: () => monitoringEndpoints.serviceSummary,
    async compute(s) {
      const cards = await s.services();
      const known = cards.flatMap((c) => (c.uptimePercent === null ? [] : [c.uptimePercent]));
      return {
        coverage: 'Health checks, last 24 hours',
        value: known.length ? Math.min(...known) : null,
        table: {
          columns: [col('Service', 'text'), col('Status', 'text'), col('Uptime %', 'percent')],
          rows: cards.map((c): Cell[] => [c.name, c.status, c.uptimePercent]),
        },
        chart: {
          kind: 'bar',
          points: cards.flatMap((c) =>
            c.uptimePercent === null ? [] : [{ label: c.name, value: c.uptimePercent }],
          ),
        },
      };
    },
  },
  activeUsers: {
    source: () => usageEndpoints.analytics,
    async compute(s) {
      const u = await s.usage();
      return {
        coverage: usageCoverage(s),
        value: u.kpis.uniqueUsers,
        table: {
          columns: [col('Day', 'date'), col('Users', 'count')],
          rows: u.trend.map((d): Cell[] => [d.date, d.users]),
        },
        chart: { kind: 'line', points: u.trend.map((d) => ({ label: d.date, value: d.users })) },
      };
    },
  },
  sessions: {
    source: () => usageEndpoints.analytics,
    async compute(s) {
      const u = await s.usage();
      return {
        coverage: usageCoverage(s),
        value: u.kpis.totalSessions,
        table: {
          columns: [col('Day', 'date'), col('Sessions', 'count'), col('Page views', 'count')],
          rows: u.trend.map((d): Cell[] => [d.date, d.sessions, d.pageViews]),
        },
        chart: { kind: 'line', points: u.trend.map((d) => ({ label: d.date, value: d.sessions })) },
      };
    },
  },
  signIns: {
    source: () => auditEndpoints.listAuditLogs,
    async compute(s) {
      const range = auditRange(s);
      const [succeeded, failed] = await Promise.all([
        s.auditCount({ ...range, action: 'LOGIN', status: 'success' }),
        s.auditCount({ ...range, action: 'LOGIN', status: 'failure' }),
      ]);
      return {
        coverage: periodCoverage(s),
        value: succeeded,
        table: {
          columns: [col('Outcome', 'text'), col('Sign-ins', 'count')],
          rows: [
            ['Succeeded', succeeded],
            ['Failed', failed],
          ],
        },
        chart: {
          kind: 'bar',
          points: [
            { label: 'Succeeded', value: succeeded },
            { label: 'Failed', value: failed },
          ],
        },
      };
    },
  },
  auditByAction: {
    source: () => auditEndpoints.listAuditLogs,
    async compute(s) {
      const range = auditRange(s);
      const counts = await Promise.all(AUDIT_ACTIONS.map((action) => s.auditCount({ ...range, action })));
      return {
        coverage: periodCoverage(s),
        value: counts.reduce((a, b) => a + b, 0),
        table: {
          columns: [col('Action', 'text'), col('Records', 'count')],
          rows: AUDIT_ACTIONS.map((action, i): Cell[] => [action, counts[i] ?? 0]),
        },
        chart: {
          kind: 'bar',
          points: AUDIT_ACTIONS.map((action, i) => ({ label: action, value: counts[i] ?? 0 })),
        },
      };
    },
  },
};

/** The Audit Logs screen's from/to filter for the report's period. */
function auditRange(s: Sources): { from: string; to: string } {
  const w = dashboardWindow(s.filters.period, s.now);
  return { from: new Date(w.start).toISOString(), to: new Date(w.end).toISOString() };
}

/** One metric, with its public description. */
export async function computeMetric(id: MetricId, sources: Sources): Promise<MetricResult> {
  const info = METRICS[id];
  const figure = await CATALOGUE[id].compute(sources);
  return { id, label: info.label, unit: info.unit, definition: info.definition, ...figure };
}
