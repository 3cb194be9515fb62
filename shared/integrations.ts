/**
 * Integrations (part 2 §2, issue 16): the event catalogue webhooks subscribe to, the statuses of the
 * spec, and the delivery and API-key constants. Plain values only (no zod): the renderer imports them.
 */

/** Every event the platform emits to webhooks. `ping` is sent by Sync Now and the test event only. */
export const WEBHOOK_EVENT_TYPES = [
  'alert.fired',
  'alert.resolved',
  'user.created',
  'user.suspended',
  'organization.updated',
  'member.invited',
  'role.changed',
  'export.completed',
  'report.generated',
  'backup.completed',
  'backup.failed',
  'restore.tested',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const PING_EVENT = 'ping';

export const INTEGRATION_STATUSES = ['active', 'inactive', 'error', 'pending'] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];
export const INTEGRATION_HEALTHS = ['healthy', 'warning', 'critical'] as const;
export type IntegrationHealth = (typeof INTEGRATION_HEALTHS)[number];
export const INTEGRATION_TYPES = ['webhook', 'api'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];
/** The Webhook Events tab's statuses (part 2 §9): `other` is a delivery still being attempted. */
export const WEBHOOK_EVENT_STATUSES = ['success', 'failed', 'other'] as const;
export type WebhookEventStatus = (typeof WEBHOOK_EVENT_STATUSES)[number];

/**
 * Delays before each retry (Standard Webhooks / Svix): after the first attempt fails, 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h and 10 h; eight attempts over about 28 hours.
 */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
/** A 2xx within this time is a success; redirects are not followed. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** An endpoint failing without a success for this long is disabled, and the administrators alerted. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
/** A rotated secret keeps signing next to the new one for this long. */
export const WEBHOOK_SECRET_OVERLAP_MS = 24 * 3_600_000;
/** A Retry-After longer than this is cut to it. */
export const WEBHOOK_RETRY_AFTER_MAX_SECONDS = 36_000;
/** Random bytes of a `whsec_` secret (Standard Webhooks: 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

/** API keys: `opc_` + 30 base62 characters + a 6-character base62 CRC32 of them. */
export const API_KEY_PREFIX = 'opc_';
export const API_KEY_RANDOM_LENGTH = 30;
export const API_KEY_CHECKSUM_LENGTH = 6;
/** Characters of a key (or of a stored third-party key) shown; the rest are stars (part 2 §9). */
export const API_KEY_VISIBLE = 8;
/** How long a regenerated key keeps working next to its replacement. */
export const API_KEY_GRACE_HOURS = 24;
export const API_KEY_EXPIRY_DAYS = [7, 30, 90, 365] as const;

export const maskSecret = (value: string) =>
  value.slice(0, API_KEY_VISIBLE) + '*'.repeat(Math.max(0, value.length - API_KEY_VISIBLE));

export const INTEGRATION_TEXTS = {
  notFound: 'Integration not found',
  deliveryNotFound: 'Webhook event not found',
  apiKeyNotFound: 'API key not found',
  noApiKey: 'This integration has no API key',
  notWebhook: 'Only webhook integrations deliver events',
  inactive: 'The integration is disabled: enable it before sending',
  scopeNotHeld: 'You cannot give a key the permission {permission}, which you do not hold',
  keyCannotManageKeys: 'An API key cannot create or regenerate API keys',
  keyOutsideOrganization: 'This API key is limited to another organization',
  keyRevoked: 'The API key has been revoked',
  keyExpired: 'The API key has expired',
  keyAlreadyRevoked: 'The API key is already revoked',
} as const;
