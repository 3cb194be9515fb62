import { z } from 'zod';
import { PERMISSION_IDS } from '../permissions';
import {
  API_KEY_EXPIRY_DAYS,
  INTEGRATION_HEALTHS,
  INTEGRATION_STATUSES,
  INTEGRATION_TYPES,
  WEBHOOK_EVENT_STATUSES,
  WEBHOOK_EVENT_TYPES,
} from '../integrations';
import { defineEndpoint } from './endpoint';

/** Integration management (part 2 §2, §9; issue 16): webhooks, their deliveries and API keys. */
const idParams = z.object({ id: z.uuid() });

/** An integration of part 2 §9; requests, errors and uptime are counted from its deliveries (30 days). */
export const integration = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  status: z.enum(INTEGRATION_STATUSES),
  statusReason: z.string().nullable(),
  description: z.string(),
  provider: z.string(),
  lastSync: z.string().nullable(),
  nextSync: z.string().nullable(),
  health: z.enum(INTEGRATION_HEALTHS),
  requests: z.number().int(),
  errors: z.number().int(),
  /** Percent of delivery attempts answered 2xx; 100 with none. */
  uptime: z.number(),
  events: z.array(z.string()),
  config: z.object({
    webhook: z.string().nullable(),
    endpoint: z.string().nullable(),
    /** The stored third-party key masked to its first 8 characters; the reveal endpoint answers it whole. */
    apiKey: z.string().nullable(),
    frequency: z.string(),
  }),
  /** Whether a rotated secret still signs next to the current one, and until when. */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
});
export type Integration = z.infer<typeof integration>;

export const createIntegrationBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120),
    url: z.url({ protocol: /^https?$/, error: 'Enter a valid http(s) URL' }).max(2000),
    events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1, 'Choose at least one event').max(50),
    description: z.string().trim().max(500).default(''),
    provider: z.string().trim().max(120).default(''),
    apiKey: z.string().trim().min(1).max(500).optional(),
  })
  .strict();
export type CreateIntegrationBody = z.input<typeof createIntegrationBody>;

/** One attempt's outcome, as Sync Now and the test event show it. */
export const deliveryOutcome = z.object({
  deliveryId: z.string(),
  ok: z.boolean(),
  responseStatus: z.number().int().nullable(),
  responseTimeMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type DeliveryOutcome = z.infer<typeof deliveryOutcome>;

/** A row of the Webhook Events tab (part 2 §9). */
export const webhookDelivery = z.object({
  id: z.string(),
  integrationId: z.string(),
  integrationName: z.string(),
  event: z.string(),
  timestamp: z.string(),
  status: z.enum(WEBHOOK_EVENT_STATUSES),
  retries: z.number().int(),
  payload: z.record(z.string(), z.unknown()),
  responseStatus: z.number().int().nullable(),
  responseTimeMs: z.number().int().nullable(),
  error: z.string().nullable(),
  nextAttempt: z.string().nullable(),
  replayOf: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const apiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  /** The first 8 characters, then stars: the key itself is never stored. */
  maskedKey: z.string(),
  scopes: z.array(z.string()),
  organizationId: z.string().nullable(),
  organizationName: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedAddress: z.string().nullable(),
  status: z.enum(['active', 'expired', 'revoked']),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

export const generateApiKeyBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120),
    scopes: z.array(z.enum(PERMISSION_IDS as [string, ...string[]])).min(1, 'Choose at least one scope'),
    organizationId: z.uuid().nullable().default(null),
    expiresInDays: z
      .number()
      .int()
      .refine((d) => (API_KEY_EXPIRY_DAYS as readonly number[]).includes(d), 'Choose an expiry')
      .nullable()
      .default(null),
  })
  .strict();
export type GenerateApiKeyBody = z.input<typeof generateApiKeyBody>;

/** The key itself, answered once. */
const issuedKey = z.object({ key: z.string(), apiKey: apiKeyView });

const platform = { client: 'gateway', auth: 'token', permission: 'platform.manage' } as const;

export const integrationEndpoints = {
  listIntegrations: defineEndpoint({
    ...platform,
    method: 'GET',
    path: '/integrations',
    summary: 'Integrations with their health and figures from their deliveries',
    data: z.object({ integrations: z.array(integration) }),
  }),
  createIntegration: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/integrations',
    summary: 'Adds a webhook endpoint; its signing secret is answered once',
    body: createIntegrationBody,
    data: z.object({ integration, secret: z.string() }),
    audit: { action: 'CREATE', resource: 'integration', severity: 'medium' },
  }),
  deleteIntegration: defineEndpoint({
    ...platform,
    method: 'DELETE',
    path: '/integrations/:id',
    summary: 'Deletes an integration and its deliveries',
    params: idParams,
    data: z.object({ id: z.string() }),
    audit: { action: 'DELETE', resource: 'integration', severity: 'high', resourceParam: 'id' },
  }),
  setIntegrationEnabled: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/integrations/:id/enabled',
    summary: 'Disables an integration (no deliveries) or enables it again',
    params: idParams,
    body: z.object({ enabled: z.boolean() }).strict(),
    data: integration,
    audit: { action: 'UPDATE', resource: 'integration', severity: 'medium', resourceParam: 'id' },
  }),
  syncIntegration: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/integrations/:id/sync',
    summary: 'Sends a signed ping to the endpoint now and answers how it went',
    params: idParams,
    data: deliveryOutcome,
    audit: { action: 'UPDATE', resource: 'integration', severity: 'low', resourceParam: 'id' },
  }),
  rotateSecret: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/integrations/:id/secret',
    summary: 'A new signing secret, answered once; the old one keeps signing too for 24 hours',
    params: idParams,
    data: z.object({ secret: z.string(), previousSecretUntil: z.string() }),
    audit: { action: 'UPDATE', resource: 'integration', severity: 'high', resourceParam: 'id' },
  }),
  revealApiKey: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/integrations/:id/api-key/reveal',
    summary: "The integration's stored third-party API key, whole (the reveal is audited)",
    params: idParams,
    data: z.object({ apiKey: z.string() }),
    audit: { action: 'READ', resource: 'integration', severity: 'medium', resourceParam: 'id' },
  }),
  listDeliveries: defineEndpoint({
    ...platform,
    method: 'GET',
    path: '/integrations/deliveries',
    summary: 'Webhook deliveries, newest first',
    query: z.object({
      integrationId: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(500).default(100),
    }),
    data: z.object({ deliveries: z.array(webhookDelivery) }),
  }),
  replayDelivery: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/integrations/deliveries/:id/replay',
    summary: 'Sends a delivery again as a new delivery (same webhook-id and payload)',
    params: idParams,
    data: z.object({ delivery: webhookDelivery }),
    audit: { action: 'CREATE', resource: 'webhook_delivery', severity: 'low', resourceParam: 'id' },
  }),
  listApiKeys: defineEndpoint({
    ...platform,
    method: 'GET',
    path: '/api-keys',
    summary: 'API keys, masked',
    data: z.object({ apiKeys: z.array(apiKeyView) }),
  }),
  generateApiKey: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/api-keys',
    summary: 'A new API key, answered once; scopes never beyond the caller’s permissions',
    body: generateApiKeyBody,
    data: issuedKey,
    audit: { action: 'CREATE', resource: 'api_key', severity: 'high' },
  }),
  regenerateApiKey: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/api-keys/:id/regenerate',
    summary: 'A replacement key, answered once; the old one works 24 more hours',
    params: idParams,
    data: issuedKey,
    audit: { action: 'UPDATE', resource: 'api_key', severity: 'high', resourceParam: 'id' },
  }),
  revokeApiKey: defineEndpoint({
    ...platform,
    method: 'POST',
    path: '/api-keys/:id/revoke',
    summary: 'Revokes a key: its next call answers 401',
    params: idParams,
    data: apiKeyView,
    audit: { action: 'DELETE', resource: 'api_key', severity: 'high', resourceParam: 'id' },
  }),
} as const;
