import type { PermissionId } from './permissions';

/**
 * Advanced Reporting (issue 14): the report model's enumerations, the metric catalogue's public side (what
 * each figure is, which permission it needs) and the templates. The server computes each metric with the
 * same function that serves its screen (server/reports/catalogue.ts); this file holds what the console shows.
 */
export const REPORT_TYPES = ['dashboard', 'performance', 'financial', 'security', 'custom'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_STATUSES = ['active', 'inactive', 'running', 'error'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** 'manual' means unscheduled (part 2 §3). */
export const REPORT_SCHEDULES = ['daily', 'weekly', 'monthly', 'manual'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];
/** The report periods are the header's date ranges (the executive dashboard's). */
export const REPORT_PERIODS = ['7d', '30d', 'quarter', 'ytd'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  '7d': 'Last 7 Days',
  '30d': 'Last 30 Days',
  quarter: 'Last Quarter',
  ytd: 'Year to Date',
};

/** A generated file is kept this many days, then removed by the report-file expiry job. */
export const REPORT_FILE_RETENTION_DAYS = 30;
/** Limits of a definition. */
export const REPORT_NAME_MAX = 120;
export const REPORT_DESCRIPTION_MAX = 1000;
export const REPORT_RECIPIENTS_MAX = 20;

/** A metric's family decides the permission it needs on top of its screen's own. */
export const METRIC_CATEGORIES = ['financial', 'platform', 'security'] as const;
export type MetricCategory = (typeof METRIC_CATEGORIES)[number];
export const CATEGORY_PERMISSIONS: Record<MetricCategory, PermissionId> = {
  financial: 'reports.view_financial',
  platform: 'analytics.view_platform',
  security: 'audit.read',
};

/**
 * How a metric's headline value is written (money in dollars, ratios as fractions, as on the screens);
 * `minutes` is a duration in minutes (the Alert Management screen's mean time to resolve).
 */
export const METRIC_UNITS = ['money', 'ratio', 'percent', 'count', 'ms', 'minutes', 'score'] as const;
export type MetricUnit = (typeof METRIC_UNITS)[number];

export interface MetricInfo {
  label: string;
  category: MetricCategory;
  unit: MetricUnit;
  /** The definition printed beside the value. */
  definition: string;
  /** The screen whose figure it is. */
  screen: string;
}

/** The catalogue, by id: one entry here and one in server/reports/catalogue.ts each. */
export const METRICS = {
  mrr: {
    label: 'Monthly Recurring Revenue',
    category: 'financial',
    unit: 'money',
    definition: 'Sum of the monthly price of every paying subscription, add-ons included, now.',
    screen: 'Executive Dashboard',
  },
  arr: {
    label: 'Annual Run Rate',
    category: 'financial',
    unit: 'money',
    definition: 'Twelve times the current monthly recurring revenue.',
    screen: 'Executive Dashboard',
  },
  churn: {
    label: 'Monthly Churn',
    category: 'financial',
    unit: 'ratio',
    definition: 'Customers lost in the period over customers at its start, scaled to 30 days.',
    screen: 'Executive Dashboard',
  },
  cac: {
    label: 'Customer Acquisition Cost',
    category: 'financial',
    unit: 'money',
    definition: 'Sales and marketing spend in the period over the new paying customers in it.',
    screen: 'Executive Dashboard',
  },
  ltv: {
    label: 'Customer Lifetime Value',
    category: 'financial',
    unit: 'money',
    definition: 'Average revenue per account times gross margin, over the average churn of six months.',
    screen: 'Executive Dashboard',
  },
  trialConversion: {
    label: 'Trial Conversion',
    category: 'financial',
    unit: 'ratio',
    definition: 'Trials that became paying over the trials that ended in the period.',
    screen: 'Executive Dashboard',
  },
  revenueByPlan: {
    label: 'Revenue by Plan',
    category: 'financial',
    unit: 'money',
    definition: 'Current monthly recurring revenue and paying customers of each plan.',
    screen: 'Executive Dashboard',
  },
  topCenters: {
    label: 'Top Centers',
    category: 'financial',
    unit: 'money',
    definition: 'The centers with the highest monthly recurring revenue, with their plan and health.',
    screen: 'Executive Dashboard',
  },
  costByService: {
    label: 'Cloud Cost by Service',
    category: 'financial',
    unit: 'money',
    definition: 'Cloud cost of each service over the period, against the previous period.',
    screen: 'Cost Optimization',
  },
  budgetUse: {
    label: 'Budget Use',
    category: 'financial',
    unit: 'percent',
    definition: "Each budget's spend of the last 30 days as a percentage of its monthly limit.",
    screen: 'Cost Optimization',
  },
  recommendations: {
    label: 'Cost Recommendations',
    category: 'financial',
    unit: 'money',
    definition: 'Savings per month the cost rules find in the period, by recommendation.',
    screen: 'Cost Optimization',
  },
  requestVolume: {
    label: 'Request Volume',
    category: 'platform',
    unit: 'count',
    definition: 'Requests the API servers answered over the last 7 days.',
    screen: 'API Performance',
  },
  errorRate: {
    label: 'Error Rate',
    category: 'platform',
    unit: 'percent',
    definition: 'Answers with a status of 500 or more, as a percentage of all answers, over the last 7 days.',
    screen: 'API Performance',
  },
  latency: {
    label: 'Latency Percentiles',
    category: 'platform',
    unit: 'ms',
    definition: 'The 50th, 95th and 99th percentiles of response time over the last 7 days.',
    screen: 'API Performance',
  },
  apdex: {
    label: 'Apdex',
    category: 'platform',
    unit: 'score',
    definition: 'Satisfied plus half the tolerating answers, over all answers (last 7 days).',
    screen: 'API Performance',
  },
  uptime: {
    label: 'Uptime',
    category: 'platform',
    unit: 'percent',
    definition: 'Share of health checks each service passed over the last 24 hours.',
    screen: 'System Health',
  },
  activeUsers: {
    label: 'Active Users',
    category: 'platform',
    unit: 'count',
    definition: 'Distinct console users with at least one session in the period (at most 90 days).',
    screen: 'User Analytics',
  },
  sessions: {
    label: 'Sessions',
    category: 'platform',
    unit: 'count',
    definition: 'Console sessions in the period (at most 90 days), per day.',
    screen: 'User Analytics',
  },
  alertsBySeverity: {
    label: 'Alerts by Severity',
    category: 'platform',
    unit: 'count',
    definition:
      'Alerts listed on the Alert Management screen (its newest 500), by severity, with those not yet resolved.',
    screen: 'Alert Management',
  },
  meanTimeToResolve: {
    label: 'Mean Time to Resolve',
    category: 'platform',
    unit: 'minutes',
    definition: 'Average time from an alert being raised to its resolution, over every resolved alert.',
    screen: 'Alert Management',
  },
  signIns: {
    label: 'Sign-ins and Failures',
    category: 'security',
    unit: 'count',
    definition: 'Successful and failed sign-ins recorded in the audit trail in the period.',
    screen: 'Audit Logs',
  },
  auditByAction: {
    label: 'Audit Events by Action',
    category: 'security',
    unit: 'count',
    definition: 'Records of the audit trail in the period, by action.',
    screen: 'Audit Logs',
  },
} as const satisfies Record<string, MetricInfo>;

export type MetricId = keyof typeof METRICS;
export const METRIC_IDS = Object.keys(METRICS) as [MetricId, ...MetricId[]];

/** The permissions a metric's category asks of the report's creator (the server adds its screen's own). */
export const metricPermission = (id: MetricId): PermissionId => CATEGORY_PERMISSIONS[METRICS[id].category];

export const VISUALIZATIONS = ['line', 'bar', 'table', 'kpi'] as const;
export type Visualization = (typeof VISUALIZATIONS)[number];

export interface ReportTemplate {
  id: string;
  name: string;
  description: string;
  type: ReportType;
  metrics: readonly MetricId[];
  visualizations: readonly Visualization[];
  /** A lucide icon name the card shows. */
  icon: 'layout-dashboard' | 'gauge' | 'dollar-sign' | 'shield' | 'sliders';
}

/** At least one per type (the Templates tab). */
export const REPORT_TEMPLATES: readonly ReportTemplate[] = [
  {
    id: 'executive-summary',
    name: 'Executive Summary',
    description: 'The executive dashboard’s headline figures for the period.',
    type: 'dashboard',
    metrics: ['mrr', 'arr', 'churn', 'trialConversion', 'activeUsers'],
    visualizations: ['kpi', 'line', 'bar'],
    icon: 'layout-dashboard',
  },
  {
    id: 'platform-performance',
    name: 'Platform Performance',
    description: 'Traffic, errors, latency and availability of the API servers.',
    type: 'performance',
    metrics: [
      'requestVolume',
      'errorRate',
      'latency',
      'apdex',
      'uptime',
      'alertsBySeverity',
      'meanTimeToResolve',
    ],
    visualizations: ['line', 'bar', 'table'],
    icon: 'gauge',
  },
  {
    id: 'financial-review',
    name: 'Financial Review',
    description: 'Revenue, unit economics and cloud cost for the period.',
    type: 'financial',
    metrics: [
      'mrr',
      'arr',
      'churn',
      'cac',
      'ltv',
      'revenueByPlan',
      'topCenters',
      'costByService',
      'budgetUse',
      'recommendations',
    ],
    visualizations: ['kpi', 'line', 'bar', 'table'],
    icon: 'dollar-sign',
  },
  {
    id: 'cloud-cost',
    name: 'Cloud Cost',
    description: 'Cloud cost by service, budgets and savings recommendations.',
    type: 'financial',
    metrics: ['costByService', 'budgetUse', 'recommendations'],
    visualizations: ['bar', 'table'],
    icon: 'dollar-sign',
  },
  {
    id: 'security-activity',
    name: 'Security Activity',
    description: 'Sign-ins, failures and the audit trail’s activity by action.',
    type: 'security',
    metrics: ['signIns', 'auditByAction'],
    visualizations: ['bar', 'table'],
    icon: 'shield',
  },
  {
    id: 'custom-usage',
    name: 'Console Usage',
    description: 'Who uses the console and how much: users and sessions.',
    type: 'custom',
    metrics: ['activeUsers', 'sessions'],
    visualizations: ['line', 'bar'],
    icon: 'sliders',
  },
];

/** '+N more' after the first 3 metrics of a template card (part 2 §9). */
export const TEMPLATE_PREVIEW_METRICS = 3;

/** 'TBD' when a report has no next run (part 2 §2). */
export const NO_NEXT_RUN = 'TBD';
