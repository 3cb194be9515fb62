import type { CloudService } from '../../../shared/api/business';

export const SERVICE_LABELS: Record<CloudService, string> = {
  lambda: 'Lambda',
  dynamodb: 'DynamoDB',
  s3: 'S3',
  cloudfront: 'CloudFront',
  apigateway: 'API Gateway',
  others: 'Others',
};

export const SERVICE_COLORS: Record<CloudService, string> = {
  lambda: '#6366f1',
  dynamodb: '#0ea5e9',
  s3: '#10b981',
  cloudfront: '#f59e0b',
  apigateway: '#ec4899',
  others: '#94a3b8',
};

export const PERIOD_LABELS = { '7d': '7 days', '30d': '30 days', '90d': '90 days', '1y': '1 year' } as const;

export const formatChange = (percent: number | null) =>
  percent === null ? 'n/a' : `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;

export const COST_CSV_COLUMNS = 'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others';
