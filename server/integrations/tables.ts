/** The integrations group's tables (the barrel of every table is server/db/schema.ts). */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';
import { users } from '../users/tables';
import { organizations } from '../organizations/tables';

/**
 * An integration (part 2 §2): a webhook endpoint we deliver events to, or a third-party service whose API
 * key we keep. Secrets are sealed by server/security/secret-box.ts (the key is not in this database): the
 * webhook's `whsec_` secret, the one it replaces during a rotation (valid until `previous_secret_until`),
 * and a third-party API key.
 */
export const integrations = pgTable(
  'integrations',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    description: text('description').notNull().default(''),
    provider: text('provider').notNull().default(''),
    url: text('url'),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    status: text('status').notNull(),
    statusReason: text('status_reason'),
    frequency: text('frequency').notNull().default('realtime'),
    secretSealed: text('secret_sealed'),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretUntil: instant('previous_secret_until'),
    apiKeySealed: text('api_key_sealed'),
    /** The first failure of the current run of failures; cleared by a success. */
    failingSince: instant('failing_since'),
    lastSyncAt: instant('last_sync_at'),
    createdAt: instant('created_at').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('integrations_status_known', sql`${t.status} in ('active', 'inactive', 'error', 'pending')`),
    check('integrations_webhook_url', sql`${t.type} <> 'webhook' or ${t.url} is not null`),
  ],
);

/** One occurrence of a catalogue event (shared/integrations.ts), kept for the deliveries that carry it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    organizationId: uuid('organization_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    occurredAt: instant('occurred_at').notNull(),
  },
  (t) => [index('webhook_events_occurred').on(t.occurredAt)],
);

/**
 * One message to one endpoint and its attempts: `pending` while attempts remain (next at
 * `next_attempt_at`), then `success` or `failed`. `webhook_id` is the `webhook-id` header, the same on
 * every attempt and on a replay, so that a receiver can drop duplicates.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey(),
    integrationId: uuid('integration_id')
      .notNull()
      .references(() => integrations.id, { onDelete: 'cascade' }),
    eventId: text('event_id').references(() => webhookEvents.id, { onDelete: 'set null' }),
    webhookId: text('webhook_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull(),
    /** Attempts made so far; retries = attempts - 1. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    lastAttemptAt: instant('last_attempt_at'),
    responseStatus: integer('response_status'),
    responseTimeMs: integer('response_time_ms'),
    lastError: text('last_error'),
    replayOf: uuid('replay_of'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_integration').on(t.integrationId, t.createdAt),
    index('webhook_deliveries_created').on(t.createdAt),
    // The delivery loop's claim: the due pending deliveries, oldest first.
    index('webhook_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    check('webhook_deliveries_status_known', sql`${t.status} in ('pending', 'success', 'failed')`),
  ],
);

/**
 * API keys (`opc_…`): only the SHA-256 of the key is kept, and its first 8 characters for display. A key
 * acts as its creator with at most its `scopes`, in one organization or (null) platform-wide; it is
 * refused once `revoked_at` or `expires_at` has passed. A regenerated key's `expires_at` becomes the end
 * of its grace period.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at'),
    lastUsedAt: instant('last_used_at'),
    lastUsedAddress: text('last_used_address'),
    revokedAt: instant('revoked_at'),
    replacedBy: uuid('replaced_by'),
  },
  (t) => [uniqueIndex('api_keys_hash').on(t.hash)],
);
