import { z } from 'zod';
import { DATE_RANGES } from '../constants';
import { PLANS } from '../tenancy';
import { defineEndpoint } from './endpoint';

/**
 * The business figures (issue 6) on Client B's gateway, envelope `{success, data, error}`: the executive
 * dashboard for the platform or one organization, the server's health summary, the cloud cost screen
 * and the two administrator inputs (sales and marketing spend, a cost CSV import). Money is in dollars
 * with cents; ratios are fractions (0.85 is 85 %); null is a figure that is undefined ("n/a").
 */
export const CLOUD_SERVICES = ['lambda', 'dynamodb', 's3', 'cloudfront', 'apigateway', 'others'] as const;
export type CloudService = (typeof CLOUD_SERVICES)[number];

/** The cost screen's periods (part 1 §9), default 30d. */
export const COST_PERIODS = ['7d', '30d', '90d', '1y'] as const;
export type CostPeriod = (typeof COST_PERIODS)[number];
export const DEFAULT_COST_PERIOD: CostPeriod = '30d';

/** The dashboard's periods are the header's date ranges. */
export const DASHBOARD_PERIODS = DATE_RANGES.map((r) => r.value) as [
  (typeof DATE_RANGES)[number]['value'],
  ...(typeof DATE_RANGES)[number]['value'][],
];
export type DashboardPeriod = (typeof DATE_RANGES)[number]['value'];

const money = z.number();
const ratio = z.number();

export const dashboardQuery = z.object({ period: z.enum(DASHBOARD_PERIODS).default('30d') });
export const costQuery = z.object({ period: z.enum(COST_PERIODS).default(DEFAULT_COST_PERIOD) });

export const HEALTH_LABELS = ['healthy', 'watch', 'at risk'] as const;
export type CenterHealth = (typeof HEALTH_LABELS)[number];

export const businessDashboard = z.object({
  scope: z.enum(['platform', 'organization']),
  organizationId: z.string().nullable(),
  period: z.enum(DASHBOARD_PERIODS),
  from: z.string(),
  to: z.string(),
  kpis: z.object({
    mrr: money,
    annualRunRate: money,
    grossMargin: ratio.nullable(),
    cac: money.nullable(),
    ltv: money.nullable(),
    monthlyChurn: ratio.nullable(),
    cloudMonthlyCost: money,
    activeCenters: z.number().int(),
    trialConversion: ratio.nullable(),
  }),
  /** The inputs of the figures, shown with their definitions. */
  basis: z.object({
    revenue: money,
    cloudCost: money,
    payingCustomers: z.number().int(),
    customersAtStart: z.number().int(),
    customersLost: z.number().int(),
    newCustomers: z.number().int(),
    acquisitionSpend: money,
    arpa: money.nullable(),
    averageChurn6m: ratio.nullable(),
    trialsConverted: z.number().int(),
    trialsEnded: z.number().int(),
  }),
  /** The last 12 calendar months, oldest first; the current month to date. */
  revenueSeries: z.array(z.object({ month: z.string(), revenue: money })),
  revenueByPlan: z.array(
    z.object({
      plan: z.enum(PLANS),
      customers: z.number().int(),
      mrr: money,
      addOns: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
    }),
  ),
  topCenters: z.array(
    z.object({
      organizationId: z.string(),
      name: z.string(),
      plan: z.enum(PLANS),
      children: z.number().int(),
      mrr: money,
      health: z.enum(HEALTH_LABELS),
    }),
  ),
});
export type BusinessDashboard = z.infer<typeof businessDashboard>;

export const serverHealth = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    reachable: z.boolean(),
    latencyMs: z.number().nullable(),
  }),
  startedAt: z.string(),
  uptimeSeconds: z.number().int(),
  version: z.string(),
  migrations: z.object({
    applied: z.number().int(),
    last: z.string().nullable(),
    appliedAt: z.string().nullable(),
  }),
});
export type ServerHealth = z.infer<typeof serverHealth>;

/** The spec's cost record (part 1 §3). */
export const costRecord = z.object({
  date: z.string(),
  total: money,
  lambda: money,
  dynamodb: money,
  s3: money,
  cloudfront: money,
  apigateway: money,
  others: money,
});
export type CostRecord = z.infer<typeof costRecord>;

const band = z.object({ value: money, low: money, high: money });

/** The spec's service cost (part 1 §3), with the forecast's 80 % band; null forecast: not enough data. */
export const serviceCost = z.object({
  name: z.enum(CLOUD_SERVICES),
  current_cost: money,
  previous_cost: money.nullable(),
  change_percent: z.number().nullable(),
  forecast: money.nullable(),
  forecast_low: money.nullable(),
  forecast_high: money.nullable(),
});
export type ServiceCost = z.infer<typeof serviceCost>;

export const costBreakdown = z.object({
  period: z.enum(COST_PERIODS),
  from: z.string(),
  to: z.string(),
  /** Whole days of cost data in the current period. */
  daysWithData: z.number().int(),
  /** False when less than one full period of data exists: no forecast, "not enough data". */
  enoughData: z.boolean(),
  total: z.object({
    current_cost: money,
    previous_cost: money.nullable(),
    change_percent: z.number().nullable(),
    forecast: band.nullable(),
  }),
  services: z.array(serviceCost),
});
export type CostBreakdown = z.infer<typeof costBreakdown>;

export const RECOMMENDATION_CATEGORIES = ['cost-reduction', 'efficiency', 'performance'] as const;
export const EFFORTS = ['low', 'medium', 'high'] as const;

/** The spec's recommendation (part 1 §3); potential savings per month. */
export const recommendation = z.object({
  id: z.string(),
  service: z.enum(CLOUD_SERVICES),
  category: z.enum(RECOMMENDATION_CATEGORIES),
  title: z.string(),
  description: z.string(),
  potential_savings: money,
  effort: z.enum(EFFORTS),
  implementation_time: z.string(),
});
export type CostRecommendation = z.infer<typeof recommendation>;

export const budgetStatus = z.object({
  id: z.string(),
  name: z.string(),
  monthlyLimit: money,
  alertThresholdPercent: z.number().int(),
  /** Spend of the last 30 days. */
  spent: money,
  usedPercent: z.number(),
  /** Forecast spend of the next 30 days, null without enough data. */
  forecast: money.nullable(),
  alerts: z.array(
    z.object({
      kind: z.enum(['actual', 'forecast']),
      severity: z.enum(['warning', 'critical']),
      message: z.string(),
    }),
  ),
});
export type BudgetStatus = z.infer<typeof budgetStatus>;

export const optimizationScore = z.object({
  score: z.number().int(),
  /** Cost over the period, per 30 days, and the recommendations' savings per month. */
  monthlyCost: money,
  potentialSavings: money,
  method: z.string(),
});
export type OptimizationScore = z.infer<typeof optimizationScore>;

export const acquisitionSpendMonth = z.object({ month: z.string(), amount: money, updatedAt: z.string() });
const monthParam = z.object({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM') });

export const MAX_COST_CSV_BYTES = 1_000_000;

export const businessEndpoints = {
  platformDashboard: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/dashboard/business',
    summary: 'Platform-wide business figures for a period',
    query: dashboardQuery,
    data: businessDashboard,
    auth: 'token',
    permission: 'analytics.view_platform',
  }),
  organizationDashboard: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/dashboard/business/organization',
    summary: "The current organization's business figures for a period",
    query: dashboardQuery,
    data: businessDashboard,
    auth: 'token',
    tenant: 'header',
    // Any member of the organization sees its dashboard (every member role lists dashboards:read).
    tenantRule: 'dashboards:read',
  }),
  serverHealth: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/system/health-summary',
    summary: 'Database reachability and latency, uptime, version and last migration of the API server',
    data: serverHealth,
    auth: 'token',
  }),
  costTrend: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/cost/trend',
    summary: 'Daily cloud cost per service over the period',
    query: costQuery,
    data: z.array(costRecord),
    auth: 'token',
    permission: 'reports.view_financial',
  }),
  costBreakdown: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/cost/breakdown',
    summary: 'Cost per service: current and previous period, change and forecast',
    query: costQuery,
    data: costBreakdown,
    auth: 'token',
    permission: 'reports.view_financial',
  }),
  costRecommendations: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/cost/recommendations',
    summary: 'Savings recommendations from rules over the cost of the period',
    query: costQuery,
    data: z.array(recommendation),
    auth: 'token',
    permission: 'reports.view_financial',
  }),
  costBudgets: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/cost/budgets',
    summary: 'Budgets with alerts on actual and forecast spend',
    data: z.array(budgetStatus),
    auth: 'token',
    permission: 'reports.view_financial',
  }),
  costScore: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/cost/score',
    summary: 'The optimization score and how it is computed',
    query: costQuery,
    data: optimizationScore,
    auth: 'token',
    permission: 'reports.view_financial',
  }),
  importCosts: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/cost/import',
    summary: 'Import daily cost records from CSV: every bad line is reported, nothing is half-imported',
    body: z.object({
      csv: z.string().min(1, 'The file is empty').max(MAX_COST_CSV_BYTES, 'The file is too large'),
    }),
    data: z.object({ imported: z.number().int(), from: z.string(), to: z.string() }),
    auth: 'token',
    permission: 'platform.manage',
    audit: { action: 'IMPORT', resource: 'cloud_costs', severity: 'medium' },
  }),
  listSpend: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/business/spend',
    summary: 'Monthly sales and marketing spend, newest first',
    data: z.array(acquisitionSpendMonth),
    auth: 'token',
    permission: 'analytics.view_platform',
  }),
  setSpend: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/business/spend/:month',
    summary: "Set a month's sales and marketing spend (acquisition cost input)",
    params: monthParam,
    body: z.object({ amount: z.number().min(0).max(1_000_000_000) }),
    data: acquisitionSpendMonth,
    auth: 'token',
    permission: 'billing.manage',
    audit: { action: 'UPDATE', resource: 'acquisition_spend', severity: 'medium', resourceParam: 'month' },
  }),
} as const;

/** What each figure means, shown next to it in the console. */
export const FIGURE_DEFINITIONS = {
  mrr: 'Monthly recurring revenue: the monthly value of active and past-due subscriptions and their add-ons at the end of the period; trials and free plans excluded.',
  annualRunRate: 'Annual run rate: 12 × MRR.',
  grossMargin: 'Gross margin: (revenue − cloud cost) ÷ revenue over the period.',
  cac: 'Customer acquisition cost: sales and marketing spend in the period ÷ new customers in the period; n/a without new customers.',
  ltv: 'Customer lifetime value: ARPA (MRR ÷ paying customers) × gross margin ÷ average monthly churn of the previous six months; n/a when that churn is 0.',
  monthlyChurn: 'Monthly churn: customers lost in the period ÷ customers at its start, per 30 days.',
  cloudMonthlyCost: 'Cloud monthly cost: the cloud bill of the last 30 complete days, all services.',
  activeCenters: 'Active centers: organizations whose status is active.',
  trialConversion:
    'Trial conversion: trials converted ÷ trials that ended (converted or cancelled) in the period; n/a when none ended.',
  revenueSeries: 'Revenue of each calendar month: MRR prorated by day, add-ons included.',
  revenueByPlan: 'MRR and paying customers per current plan, with the add-ons they hold.',
  topCenters:
    'The centers with the highest MRR. Health: at risk when past due or attendance below 60 % over 30 days, watch below 80 %, healthy otherwise.',
  optimizationScore:
    'Optimization score: 100 × (1 − potential monthly savings ÷ monthly cloud cost), rounded.',
  forecast:
    'Forecast: a least-squares line through the daily totals of the period, summed over the next period, with an 80 % band.',
  budget:
    'Budgets compare the last 30 complete days of cloud cost with the monthly limit and alert at the threshold, and when the forecast of the next 30 days exceeds the limit.',
} as const;
export type FigureName = keyof typeof FIGURE_DEFINITIONS;
