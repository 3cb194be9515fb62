import type { CloudService } from '../../shared/api/business';

/**
 * Savings recommendations as rules over the last 30 days of cost per service, and the optimization
 * score derived from them: 100 × (1 − potential monthly savings ÷ monthly cost), so a platform with
 * nothing left to save scores 100.
 */
export type RecommendationCategory = 'cost-reduction' | 'efficiency' | 'performance';
export type Effort = 'low' | 'medium' | 'high';

export interface ServiceSpend {
  service: CloudService;
  /** Cents over the last 30 days, and over the 30 days before. */
  current: number;
  previous: number;
}

export interface Recommendation {
  id: string;
  service: CloudService;
  category: RecommendationCategory;
  title: string;
  description: string;
  /** Cents per month. */
  savingsCents: number;
  effort: Effort;
  implementationTime: string;
}

interface Rule {
  id: string;
  service: CloudService;
  category: RecommendationCategory;
  title: string;
  /** Share of the service's monthly cost it would save. */
  saves: number;
  effort: Effort;
  implementationTime: string;
  applies(spend: ServiceSpend, share: number, growth: number | null): boolean;
  describe(spend: ServiceSpend, share: number, growth: number | null): string;
}

const pct = (x: number) => `${Math.round(x * 100)} %`;

export const RULES: readonly Rule[] = [
  {
    id: 'lambda-right-size',
    service: 'lambda',
    category: 'cost-reduction',
    title: 'Right-size Lambda memory and timeouts',
    saves: 0.2,
    effort: 'low',
    implementationTime: '1-2 days',
    applies: (_s, share) => share >= 0.2,
    describe: (_s, share) =>
      `Lambda is ${pct(share)} of cloud cost; most functions run with more memory than they use.`,
  },
  {
    id: 'lambda-cache-hot-paths',
    service: 'lambda',
    category: 'performance',
    title: 'Cache hot read paths in front of Lambda',
    saves: 0.1,
    effort: 'high',
    implementationTime: '2-3 weeks',
    applies: (_s, _share, growth) => growth !== null && growth >= 0.15,
    describe: (_s, _share, growth) =>
      `Lambda cost grew ${pct(growth ?? 0)} in 30 days; cached reads cut invocations and latency.`,
  },
  {
    id: 'dynamodb-provisioned',
    service: 'dynamodb',
    category: 'cost-reduction',
    title: 'Move steady DynamoDB tables to provisioned capacity',
    saves: 0.25,
    effort: 'medium',
    implementationTime: '1 week',
    applies: (_s, _share, growth) => growth !== null && growth >= 0.05,
    describe: (_s, _share, growth) =>
      `DynamoDB cost grew ${pct(growth ?? 0)}; on-demand pricing costs more than auto-scaled capacity for steady load.`,
  },
  {
    id: 's3-lifecycle',
    service: 's3',
    category: 'cost-reduction',
    title: 'Apply S3 lifecycle rules to older objects',
    saves: 0.3,
    effort: 'low',
    implementationTime: '1 day',
    applies: (_s, share) => share >= 0.1,
    describe: (_s, share) =>
      `S3 is ${pct(share)} of cloud cost; photos and reports older than 30 days can move to Infrequent Access.`,
  },
  {
    id: 'cloudfront-cache-ratio',
    service: 'cloudfront',
    category: 'efficiency',
    title: 'Raise the CloudFront cache hit ratio',
    saves: 0.15,
    effort: 'medium',
    implementationTime: '3-5 days',
    applies: (_s, share) => share >= 0.1,
    describe: () => 'Longer cache lifetimes for static assets send fewer requests to the origin.',
  },
  {
    id: 'apigateway-http-apis',
    service: 'apigateway',
    category: 'cost-reduction',
    title: 'Move REST APIs to HTTP APIs',
    saves: 0.5,
    effort: 'medium',
    implementationTime: '1-2 weeks',
    applies: (_s, share) => share >= 0.08,
    describe: (_s, share) =>
      `API Gateway is ${pct(share)} of cloud cost; HTTP APIs cost far less per request.`,
  },
  {
    id: 'others-idle-resources',
    service: 'others',
    category: 'efficiency',
    title: 'Remove idle and untagged resources',
    saves: 0.2,
    effort: 'low',
    implementationTime: '2-3 days',
    applies: (_s, share) => share >= 0.1,
    describe: (_s, share) => `Other services are ${pct(share)} of cloud cost, much of it untagged.`,
  },
];

export const growthOf = (s: ServiceSpend): number | null =>
  s.previous > 0 ? (s.current - s.previous) / s.previous : null;

/** The rules that fire, largest savings first. */
export function recommend(spend: readonly ServiceSpend[]): Recommendation[] {
  const total = spend.reduce((sum, s) => sum + s.current, 0);
  if (total <= 0) return [];
  const out: Recommendation[] = [];
  for (const rule of RULES) {
    const s = spend.find((x) => x.service === rule.service);
    if (!s || s.current <= 0) continue;
    const share = s.current / total;
    const growth = growthOf(s);
    if (!rule.applies(s, share, growth)) continue;
    out.push({
      id: rule.id,
      service: rule.service,
      category: rule.category,
      title: rule.title,
      description: rule.describe(s, share, growth),
      savingsCents: Math.round(s.current * rule.saves),
      effort: rule.effort,
      implementationTime: rule.implementationTime,
    });
  }
  return out.sort((a, b) => b.savingsCents - a.savingsCents || a.id.localeCompare(b.id));
}

/** 100 × (1 − savings ÷ cost), rounded; 100 with no cost at all. */
export function optimizationScore(monthlyCostCents: number, savingsCents: number): number {
  if (monthlyCostCents <= 0) return 100;
  return Math.round(100 * (1 - Math.min(1, savingsCents / monthlyCostCents)));
}
