import type { StatusTone } from '../../components/ui/StatusBadge';
import type { IntegrationHealth, IntegrationStatus, WebhookEventStatus } from '../../../shared/integrations';

export const STATUS_TONE: Record<IntegrationStatus, StatusTone> = {
  active: 'ok',
  inactive: 'neutral',
  error: 'critical',
  pending: 'info',
};
export const HEALTH_TONE: Record<IntegrationHealth, StatusTone> = {
  healthy: 'ok',
  warning: 'warning',
  critical: 'critical',
};
export const EVENT_TONE: Record<WebhookEventStatus, StatusTone> = {
  success: 'ok',
  failed: 'critical',
  other: 'info',
};
export const KEY_TONE: Record<'active' | 'expired' | 'revoked', StatusTone> = {
  active: 'ok',
  expired: 'warning',
  revoked: 'neutral',
};

export const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
