import { AUDIT_ACTIONS } from '../../shared/api/audit';
import { businessEndpoints } from '../../shared/api/business';
import type { Endpoint } from '../../shared/api/endpoint';
import { monitoringEndpoints } from '../../shared/api/monitoring';
import type { MetricResult, ReportFilters } from '../../shared/api/reports';
import { usageEndpoints } from '../../shared/api/usage';
import { auditEndpoints } from '../../shared/api/audit';
import { ALERT_SEVERITIES } from '../../shared/alerting';
import { alertEndpoints } from '../../shared/api/alerts';
import { METRICS, REPORT_PERIOD_LABELS, type MetricId } from '../../shared/reports';
import { dashboardWindow } from '../business/periods';
import type { Comparison } from './previous';
import { API_RANGE, COST_PERIOD_OF, USAGE_RANGE_OF, type Sources } from './sources';

/** What a metric adds to its public description: the figures, read from its screen's source. */
export type Figure = Pick<MetricResult, 'coverage' | 'value' | 'table' | 'chart'>;

export interface CatalogueEntry {
  /**
   * The endpoint that serves the figure on its screen: its permission (and, in one organization, its
   * tenant rule) is asked of the report's creator too, so that a report never shows more than the screen.
   */
  source(filters: ReportFilters): Endpoint;
  /**
   * Whether the figure has an organization dimension, i.e. the report's organization filter narrows it.
   * A figure without one (cloud cost, API traffic, health checks, console usage) is the platform's, and
   * a report limited to one organization says so beside it rather than print it as that organization's.
   */
  byOrganization: boolean;
  /** The earlier period the figure is compared with (previous.ts). */
  comparison: Comparison;
  compute(sources: Sources): Promise<Figure>;
}

/** Beside a figure the report's organization filter cannot narrow. */
export const NOT_BY_ORGANIZATION =
  'Not limited to the organization: this figure has no organization dimension, so it covers the whole platform.';

type Cell = string | number | null;
const col = (label: string, unit: MetricResult['table']['columns'][number]['unit']) => ({ label, unit });

const dashboardSource = (filters: ReportFilters): Endpoint =>
  filters.organizationId ? businessEndpoints.organizationDashboard : businessEndpoints.platformDashboard;
const costSource = () => businessEndpoints.costBreakdown;
const apiSource = () => monitoringEndpoints.apiPerformance;
const alertSource = () => alertEndpoints.listAlerts;

const periodCoverage = (s: Sources) =>
  REPORT_PERIOD_LABELS[s.filters.period] + (s.filters.organizationId ? ' · one organization' : '');
const costCoverage = (s: Sources) => `Cloud cost, period ${COST_PERIOD_OF[s.filters.period]}`;
const apiCoverage = () => `API traffic, last ${API_RANGE}`;
const alertCoverage = (s: Sources) =>
  `Alerts raised at any time, ${s.filters.organizationId ? 'of the organization' : 'platform-wide'}, as Alert Management shows them`;
const usageCoverage = (s: Sources) => `Console usage, last ${USAGE_RANGE_OF[s.filters.period]}`;

/** A headline KPI of the dashboard, charted with the 12-month revenue series it sits beside. */
const dashboardKpi = (
  pick: (d: Awaited<ReturnType<Sources['dashboard']>>) => number | null,
  label: string,
  unit: MetricResult['table']['columns'][number]['unit'],
): CatalogueEntry => ({
  source: dashboardSource,
  byOrganization: true,
  comparison: 'period',
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
    byOrganization: true,
    comparison: 'period',
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
    byOrganization: true,
    comparison: 'period',
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
    byOrganization: false,
    comparison: 'cost',
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
    byOrganization: false,
    comparison: 'budget',
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
    byOrganization: false,
    comparison: 'cost',
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
    byOrganization: true,
    comparison: 'api',
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
    byOrganization: true,
    comparison: 'api',
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
    byOrganization: true,
    comparison: 'api',
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
    byOrganization: true,
    comparison: 'api',
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
    byOrganization: false,
    comparison: 'health',
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
    byOrganization: false,
    comparison: 'usage',
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
    byOrganization: false,
    comparison: 'usage',
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
  alertsBySeverity: {
    source: alertSource,
    byOrganization: true,
    comparison: 'none',
    async compute(s) {
      const list = await s.alerts();
      const rows = ALERT_SEVERITIES.map((severity): Cell[] => {
        const of = list.filter((a) => a.severity === severity);
        return [severity, of.length, of.filter((a) => a.status !== 'resolved').length];
      });
      return {
        coverage: alertCoverage(s),
        value: list.length,
        table: {
          columns: [col('Severity', 'text'), col('Alerts', 'count'), col('Not resolved', 'count')],
          rows,
        },
        chart: { kind: 'bar', points: rows.map((r) => ({ label: String(r[0]), value: Number(r[1]) })) },
      };
    },
  },
  meanTimeToResolve: {
    source: alertSource,
    byOrganization: true,
    comparison: 'none',
    async compute(s) {
      const stats = await s.alertStats();
      // Resolution times by severity, from the same list the screen shows: the chart beside the headline.
      const resolved = (await s.alerts()).filter((a) => a.resolvedAt !== null);
      const bySeverity = ALERT_SEVERITIES.flatMap((severity) => {
        const minutes = resolved
          .filter((a) => a.severity === severity)
          .map((a) => (Date.parse(a.resolvedAt ?? '') - Date.parse(a.timestamp)) / 60_000);
        if (minutes.length === 0) return [];
        return [
          {
            label: severity,
            value: Math.round((minutes.reduce((x, y) => x + y, 0) / minutes.length) * 10) / 10,
          },
        ];
      });
      return {
        coverage: alertCoverage(s),
        value: stats.avgResolutionTime,
        table: {
          columns: [col('Figure', 'text'), col('Alerts', 'count'), col('Minutes', 'minutes')],
          rows: [
            ['Every resolved alert', stats.resolved, stats.avgResolutionTime],
            ...bySeverity.map((p): Cell[] => [
              `Listed ${p.label} alerts`,
              resolved.filter((a) => a.severity === p.label).length,
              p.value,
            ]),
          ],
        },
        chart: { kind: 'bar', points: bySeverity },
      };
    },
  },
  signIns: {
    source: () => auditEndpoints.listAuditLogs,
    byOrganization: true,
    comparison: 'period',
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
    byOrganization: true,
    comparison: 'period',
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
  const entry = CATALOGUE[id];
  const figure = await entry.compute(sources);
  const note = sources.filters.organizationId && !entry.byOrganization ? NOT_BY_ORGANIZATION : null;
  return { id, label: info.label, unit: info.unit, definition: info.definition, ...figure, note };
}
