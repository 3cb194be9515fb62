import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { ApiKeyView, Integration, WebhookDelivery } from '../../shared/api';
import { maskSecret, type IntegrationHealth } from '../../shared/integrations';
import type { Db } from '../db/client';
import { apiKeys, integrations, organizations, users, webhookDeliveries } from '../db/schema';
import type { SecretBox } from '../security/secret-box';

/** The figures of the list (requests, errors, uptime) count the last 30 days' delivery attempts. */
export const FIGURES_WINDOW_MS = 30 * 24 * 3_600_000;

type IntegrationRow = typeof integrations.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

interface Figures {
  requests: number;
  successes: number;
  nextAttempt: Date | null;
}

/** Healthy at 99 % or more of attempts answered; critical below 90 %, or while failing or disabled by failures. */
export function healthOf(
  status: IntegrationRow['status'],
  uptime: number,
  failing: boolean,
): IntegrationHealth {
  if (status === 'error' || failing || uptime < 90) return 'critical';
  if (uptime < 99) return 'warning';
  return 'healthy';
}

export function toIntegration(
  row: IntegrationRow,
  figures: Figures | undefined,
  box: SecretBox,
): Integration {
  const requests = figures?.requests ?? 0;
  const successes = figures?.successes ?? 0;
  const uptime = requests === 0 ? 100 : Math.round((successes / requests) * 10_000) / 100;
  let apiKey: string | null = null;
  if (row.apiKeySealed) {
    try {
      apiKey = maskSecret(box.open(row.apiKeySealed, row.id));
    } catch {
      apiKey = '********';
    }
  }
  const isWebhook = row.type === 'webhook';
  return {
    id: row.id,
    name: row.name,
    type: isWebhook ? 'webhook' : 'api',
    status: row.status as Integration['status'],
    statusReason: row.statusReason,
    description: row.description,
    provider: row.provider,
    lastSync: row.lastSyncAt?.toISOString() ?? null,
    nextSync: figures?.nextAttempt?.toISOString() ?? null,
    health: healthOf(row.status as Integration['status'], uptime, row.failingSince !== null),
    requests,
    errors: requests - successes,
    uptime,
    events: row.events,
    config: {
      webhook: isWebhook ? row.url : null,
      endpoint: isWebhook ? null : row.url,
      apiKey,
      frequency: row.frequency,
    },
    previousSecretUntil: row.previousSecretUntil?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function figuresOf(db: Db, ids: string[], now: number): Promise<Map<string, Figures>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: webhookDeliveries.integrationId,
      requests: sql<number>`coalesce(sum(${webhookDeliveries.attempts}), 0)::int`,
      successes: sql<number>`(count(*) filter (where ${webhookDeliveries.status} = 'success'))::int`,
      nextAttempt: sql<Date | null>`min(${webhookDeliveries.nextAttemptAt}) filter (where ${webhookDeliveries.status} = 'pending')`,
    })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.integrationId, ids),
        gte(webhookDeliveries.createdAt, new Date(now - FIGURES_WINDOW_MS)),
      ),
    )
    .groupBy(webhookDeliveries.integrationId);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        requests: Number(r.requests),
        successes: Number(r.successes),
        nextAttempt: r.nextAttempt ? new Date(r.nextAttempt) : null,
      },
    ]),
  );
}

export async function listIntegrations(db: Db, box: SecretBox, now: number): Promise<Integration[]> {
  const rows = await db.select().from(integrations).orderBy(integrations.createdAt, integrations.id);
  const figures = await figuresOf(
    db,
    rows.map((r) => r.id),
    now,
  );
  return rows.map((row) => toIntegration(row, figures.get(row.id), box));
}

export async function loadIntegration(db: Db, box: SecretBox, id: string, now: number) {
  const [row] = await db.select().from(integrations).where(eq(integrations.id, id));
  if (!row) return undefined;
  return toIntegration(row, (await figuresOf(db, [id], now)).get(id), box);
}

export function toDelivery(row: DeliveryRow, integrationName: string): WebhookDelivery {
  return {
    id: row.id,
    integrationId: row.integrationId,
    integrationName,
    event: row.eventType,
    timestamp: row.createdAt.toISOString(),
    status: row.status === 'success' ? 'success' : row.status === 'failed' ? 'failed' : 'other',
    retries: Math.max(0, row.attempts - 1),
    payload: row.payload,
    responseStatus: row.responseStatus,
    responseTimeMs: row.responseTimeMs,
    error: row.lastError,
    nextAttempt: row.nextAttemptAt?.toISOString() ?? null,
    replayOf: row.replayOf,
  };
}

export async function listDeliveries(
  db: Db,
  options: { integrationId?: string | undefined; limit: number },
): Promise<WebhookDelivery[]> {
  const rows = await db
    .select({ delivery: webhookDeliveries, name: integrations.name })
    .from(webhookDeliveries)
    .innerJoin(integrations, eq(integrations.id, webhookDeliveries.integrationId))
    .where(options.integrationId ? eq(webhookDeliveries.integrationId, options.integrationId) : undefined)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit);
  return rows.map((r) => toDelivery(r.delivery, r.name));
}

export async function listApiKeys(db: Db, now: number, id?: string): Promise<ApiKeyView[]> {
  const rows = await db
    .select({ key: apiKeys, organizationName: organizations.name, creator: users.name })
    .from(apiKeys)
    .leftJoin(organizations, eq(organizations.id, apiKeys.organizationId))
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(id ? eq(apiKeys.id, id) : undefined)
    .orderBy(desc(apiKeys.createdAt), apiKeys.id);
  return rows.map(({ key, organizationName, creator }) => ({
    id: key.id,
    name: key.name,
    maskedKey: maskSecret(key.prefix.padEnd(40, '*')),
    scopes: key.scopes,
    organizationId: key.organizationId,
    organizationName: organizationName ?? null,
    createdBy: creator ?? null,
    createdAt: key.createdAt.toISOString(),
    expiresAt: key.expiresAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: key.lastUsedAddress,
    status: key.revokedAt
      ? 'revoked'
      : key.expiresAt && key.expiresAt.getTime() <= now
        ? 'expired'
        : 'active',
  }));
}
