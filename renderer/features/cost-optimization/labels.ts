import type { CloudService } from '../../../shared/api/business';
import { COST_TEXTS } from './texts';

export const SERVICE_LABELS: Record<CloudService, string> = COST_TEXTS.services;

export const SERVICE_COLORS: Record<CloudService, string> = {
  lambda: '#6366f1',
  dynamodb: '#0ea5e9',
  s3: '#10b981',
  cloudfront: '#f59e0b',
  apigateway: '#ec4899',
  others: '#94a3b8',
};

export const PERIOD_LABELS = COST_TEXTS.periods;

export const formatChange = (percent: number | null) =>
  percent === null ? COST_TEXTS.notApplicable : `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;

export const COST_CSV_COLUMNS = 'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others';
