import type { RuleInput } from './alerting';

const base = {
  description: '',
  status: 'draft',
  filters: [],
  notifications: [],
  escalation: { enabled: false, steps: [] },
  suppressionRules: { enabled: false, duration: 0, conditions: [] },
  pendingSeconds: 300,
  keepFiringSeconds: 0,
  noDataState: 'normal',
  errorState: 'keep',
} as const satisfies Partial<RuleInput>;

/** The Templates tab: each creates a rule prefilled with it (a draft, until notifications are added). */
export const RULE_TEMPLATES: readonly { id: string; rule: RuleInput }[] = [
  {
    id: 'latency',
    rule: {
      ...base,
      name: 'API p95 above 500 ms',
      description: 'The API answers slowly for 5 minutes.',
      severity: 'high',
      metric: 'latency',
      condition: { operator: '>', threshold: 500, aggregation: 'p95', timeWindow: '5m' },
    },
  },
  {
    id: 'errors',
    rule: {
      ...base,
      name: 'Error rate above 3 %',
      severity: 'critical',
      metric: 'error_rate',
      condition: { operator: '>', threshold: 3, aggregation: 'avg', timeWindow: '5m' },
    },
  },
  {
    id: 'sign-ins',
    rule: {
      ...base,
      name: 'Failed sign-ins',
      severity: 'high',
      metric: 'failed_sign_ins',
      condition: { operator: '>', threshold: 10, aggregation: 'count', timeWindow: '10m' },
      pendingSeconds: 0,
    },
  },
  {
    id: 'disk',
    rule: {
      ...base,
      name: 'Disk free below 10 %',
      severity: 'critical',
      metric: 'disk_free',
      condition: { operator: '<', threshold: 10, aggregation: 'min', timeWindow: '5m' },
    },
  },
  {
    id: 'cost',
    rule: {
      ...base,
      name: 'Cloud cost above 90 % of budget',
      severity: 'medium',
      metric: 'cloud_cost_vs_budget',
      condition: { operator: '>', threshold: 90, aggregation: 'max', timeWindow: '1h' },
      pendingSeconds: 0,
    },
  },
  {
    id: 'mrr',
    rule: {
      ...base,
      name: 'MRR drop',
      severity: 'high',
      metric: 'mrr_change',
      condition: { operator: '<', threshold: -5, aggregation: 'avg', timeWindow: '1h' },
      pendingSeconds: 0,
    },
  },
];
