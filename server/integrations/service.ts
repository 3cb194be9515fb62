/**
 * Webhook deliveries (Standard Webhooks, Svix's conventions). An event is recorded with one delivery per
 * subscribed endpoint (`emit`); each attempt is a job of the `webhook-delivery` queue. An attempt first
 * claims its delivery with a conditional update (status pending, the attempt count it expects), so a job
 * run twice, or by two instances, sends once. A failed attempt schedules the next one after the retry
 * delays (or a longer Retry-After on 429/503); 410 disables the endpoint; an endpoint failing for 5 days
 * without a success is disabled and the administrators alerted.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  PING_EVENT,
  WEBHOOK_DISABLE_AFTER_MS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  type WebhookEventType,
} from '../../shared/integrations';
import type { Db } from '../db/client';
import { integrations, webhookDeliveries, webhookEvents } from '../db/schema';
import type { JobRunner } from '../jobs/runner';
import type { OutboundPolicy } from '../security/outbound';
import type { SecretBox } from '../security/secret-box';
import { alertEndpointDisabled } from './alerts';
import { postWebhook, type SendResult } from './send';
import { signWebhook } from './signing';

export const WEBHOOK_QUEUE = 'webhook-delivery';
export const WEBHOOK_SWEEP_QUEUE = 'webhook-sweep';
/** How long past its timeout a claimed attempt may take before the sweep gives it to another run. */
const ATTEMPT_LEASE_MARGIN_MS = 45_000;
/** Attempts in all: the first and one per retry delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_SECONDS.length + 1;

type IntegrationRow = typeof integrations.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface WebhookServiceOptions {
  db: Db;
  now: () => number;
  secrets: SecretBox;
  /** Test-only allowance of non-public addresses (see server/security/outbound.ts). */
  outbound: OutboundPolicy;
  timeoutMs?: number;
  logger: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Tells the administrators an endpoint was disabled; the banner alert by default. */
  onDisabled?: (db: Db, endpoint: IntegrationRow, reason: string, at: Date) => Promise<void>;
}

export interface AttemptOutcome {
  deliveryId: string;
  /** False when the attempt was not made: another run claimed it, or it was no longer pending. */
  attempted: boolean;
  result?: SendResult;
  status?: DeliveryRow['status'];
}

export interface WebhookService {
  /** Records an event and queues one delivery per active endpoint subscribed to it. Never throws. */
  emit(type: WebhookEventType, data: Record<string, unknown>, organizationId?: string | null): Promise<void>;
  /**
   * Records an event for ONE endpoint (an alert rule's webhook target: delivered whatever the endpoint
   * subscribes to) and makes its first attempt now; later attempts follow the retry schedule. Undefined
   * when the id names no webhook endpoint, or a disabled one.
   */
  sendTo(
    integrationId: string,
    type: WebhookEventType,
    data: Record<string, unknown>,
    organizationId?: string | null,
  ): Promise<AttemptOutcome | undefined>;
  /** Makes the delivery's next attempt now, if it is still due (the job handler, and tests). */
  attempt(deliveryId: string, expectedAttempts?: number): Promise<AttemptOutcome>;
  /** Attempts every pending delivery that is due (the sweep after a lost job; tests on a fake clock). */
  deliverDue(): Promise<AttemptOutcome[]>;
  /** A signed `ping` to one endpoint, attempted now (Sync Now, the test event). */
  ping(integrationId: string): Promise<AttemptOutcome>;
  /** A new delivery with the same webhook-id and payload, attempted at once (queued). */
  replay(deliveryId: string): Promise<DeliveryRow | undefined>;
  /** The outbound policy deliveries are made under (the test-only allowance, if any). */
  readonly outbound: OutboundPolicy;
  /** Defines the delivery and sweep queues on the runner; from then on deliveries are jobs. */
  attachJobs(jobs: JobRunner): Promise<void>;
}

export function secretsOf(row: IntegrationRow, box: SecretBox, now: number): string[] {
  const secrets: string[] = [];
  if (row.secretSealed) secrets.push(box.open(row.secretSealed, row.id));
  if (row.previousSecretSealed && row.previousSecretUntil && row.previousSecretUntil.getTime() > now)
    secrets.push(box.open(row.previousSecretSealed, row.id));
  return secrets;
}

const deliverable = (row: IntegrationRow) => row.type === 'webhook' && row.status !== 'inactive';

export function createWebhookService(options: WebhookServiceOptions): WebhookService {
  const { db, now, secrets: box, logger } = options;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const onDisabled = options.onDisabled ?? alertEndpointDisabled;
  let jobs: JobRunner | undefined;

  const enqueue = async (deliveryId: string, attempts: number, delaySeconds = 0) => {
    if (!jobs) return;
    try {
      await jobs.send(
        WEBHOOK_QUEUE,
        { deliveryId, attempts },
        delaySeconds > 0 ? { startAfterSeconds: delaySeconds } : {},
      );
    } catch (error) {
      // The sweep queues it again once it is overdue.
      logger.warn({ err: error, deliveryId }, 'could not queue a webhook delivery');
    }
  };

  const disable = async (endpoint: IntegrationRow, reason: string, at: Date) => {
    const [changed] = await db
      .update(integrations)
      .set({ status: 'inactive', statusReason: reason })
      .where(and(eq(integrations.id, endpoint.id), ne(integrations.status, 'inactive')))
      .returning({ id: integrations.id });
    if (changed) {
      await onDisabled(db, endpoint, reason, at).catch((error: unknown) =>
        logger.error({ err: error }, 'could not alert that a webhook endpoint was disabled'),
      );
    }
  };

  const attempt = async (deliveryId: string, expectedAttempts?: number): Promise<AttemptOutcome> => {
    const at = new Date(now());
    // The claim: only one run makes this attempt, whatever the number of jobs or instances.
    const [delivery] = await db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: at,
        // A lease: an instance that dies mid-attempt leaves the delivery due again after it (the sweep).
        nextAttemptAt: new Date(at.getTime() + timeoutMs + ATTEMPT_LEASE_MARGIN_MS),
      })
      .where(
        and(
          eq(webhookDeliveries.id, deliveryId),
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, at),
          expectedAttempts === undefined ? undefined : eq(webhookDeliveries.attempts, expectedAttempts),
        ),
      )
      .returning();
    if (!delivery) return { deliveryId, attempted: false };

    const [endpoint] = await db
      .select()
      .from(integrations)
      .where(eq(integrations.id, delivery.integrationId));
    if (!endpoint || !deliverable(endpoint) || !endpoint.url) {
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, lastError: 'The endpoint is disabled' })
        .where(eq(webhookDeliveries.id, deliveryId));
      return { deliveryId, attempted: false, status: 'failed' };
    }

    const body = JSON.stringify(delivery.payload);
    const headers = signWebhook(secretsOf(endpoint, box, at.getTime()), delivery.webhookId, at, body);
    const result = await postWebhook(endpoint.url, { ...headers }, body, {
      policy: options.outbound,
      timeoutMs,
      now,
    });
    const done = new Date(now());
    const common = {
      nextAttemptAt: null,
      responseStatus: result.status,
      responseTimeMs: result.timeMs,
      lastError: result.error,
    };

    if (result.status !== null && result.status >= 200 && result.status < 300) {
      await db
        .update(webhookDeliveries)
        .set({ ...common, status: 'success' })
        .where(eq(webhookDeliveries.id, deliveryId));
      await db
        .update(integrations)
        .set({
          failingSince: null,
          lastSyncAt: done,
          status: sql`case when ${integrations.status} in ('error', 'pending') then 'active' else ${integrations.status} end`,
          statusReason: sql`case when ${integrations.status} in ('error', 'pending') then null else ${integrations.statusReason} end`,
        })
        .where(eq(integrations.id, endpoint.id));
      return { deliveryId, attempted: true, result, status: 'success' };
    }

    if (result.status === 410) {
      await db
        .update(webhookDeliveries)
        .set({ ...common, status: 'failed' })
        .where(eq(webhookDeliveries.id, deliveryId));
      await disable(endpoint, 'The endpoint answered 410 Gone.', done);
      return { deliveryId, attempted: true, result, status: 'failed' };
    }

    // A failure: the endpoint's run of failures starts now, unless it already had.
    const [marked] = await db
      .update(integrations)
      .set({
        failingSince: sql`coalesce(${integrations.failingSince}, ${done})`,
        status: sql`case when ${integrations.status} = 'inactive' then 'inactive' else 'error' end`,
        statusReason: result.error,
      })
      .where(eq(integrations.id, endpoint.id))
      .returning({ failingSince: integrations.failingSince });
    const failingFor = marked?.failingSince ? done.getTime() - marked.failingSince.getTime() : 0;
    if (failingFor >= WEBHOOK_DISABLE_AFTER_MS) {
      await db
        .update(webhookDeliveries)
        .set({ ...common, status: 'failed' })
        .where(eq(webhookDeliveries.id, deliveryId));
      await disable(endpoint, 'The endpoint has failed every delivery for 5 days.', done);
      return { deliveryId, attempted: true, result, status: 'failed' };
    }
    const scheduled = WEBHOOK_RETRY_DELAYS_SECONDS[delivery.attempts - 1];
    if (scheduled === undefined) {
      await db
        .update(webhookDeliveries)
        .set({ ...common, status: 'failed' })
        .where(eq(webhookDeliveries.id, deliveryId));
      return { deliveryId, attempted: true, result, status: 'failed' };
    }
    const honoursRetryAfter = result.status === 429 || result.status === 503;
    const delay = Math.max(scheduled, honoursRetryAfter ? (result.retryAfterSeconds ?? 0) : 0);
    await db
      .update(webhookDeliveries)
      .set({ ...common, nextAttemptAt: new Date(done.getTime() + delay * 1000) })
      .where(eq(webhookDeliveries.id, deliveryId));
    await enqueue(deliveryId, delivery.attempts, delay);
    return { deliveryId, attempted: true, result, status: 'pending' };
  };

  const createDelivery = async (
    endpoint: Pick<IntegrationRow, 'id'>,
    fields: {
      eventId: string | null;
      webhookId: string;
      eventType: string;
      payload: Record<string, unknown>;
      replayOf?: string;
    },
  ) => {
    const at = new Date(now());
    const [row] = await db
      .insert(webhookDeliveries)
      .values({
        id: randomUUID(),
        integrationId: endpoint.id,
        ...fields,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: at,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('The delivery was not stored');
    return row;
  };

  return {
    outbound: options.outbound,

    async emit(type, data, organizationId = null) {
      try {
        const at = new Date(now());
        const endpoints = (
          await db
            .select({
              id: integrations.id,
              events: integrations.events,
              status: integrations.status,
              type: integrations.type,
            })
            .from(integrations)
            .where(and(eq(integrations.type, 'webhook'), ne(integrations.status, 'inactive')))
        ).filter((e) => e.events.includes(type));
        const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
        const payload = { type, timestamp: at.toISOString(), data };
        await db.insert(webhookEvents).values({ id: eventId, type, organizationId, data, occurredAt: at });
        if (endpoints.length === 0) return;
        const rows = await db
          .insert(webhookDeliveries)
          .values(
            endpoints.map((endpoint) => ({
              id: randomUUID(),
              integrationId: endpoint.id,
              eventId,
              // One message id per endpoint (Svix's msg_…): the same on its retries and replays.
              webhookId: `msg_${randomUUID().replaceAll('-', '')}`,
              eventType: type,
              payload,
              status: 'pending',
              attempts: 0,
              nextAttemptAt: at,
              createdAt: at,
            })),
          )
          .returning({ id: webhookDeliveries.id });
        for (const row of rows) await enqueue(row.id, 0);
      } catch (error) {
        // An event that cannot be recorded must not fail the change that caused it.
        logger.error({ err: error, type }, 'could not record a webhook event');
      }
    },

    async sendTo(integrationId, type, data, organizationId = null) {
      const [endpoint] = await db.select().from(integrations).where(eq(integrations.id, integrationId));
      if (!endpoint || !deliverable(endpoint)) return undefined;
      const at = new Date(now());
      const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
      await db.insert(webhookEvents).values({ id: eventId, type, organizationId, data, occurredAt: at });
      const delivery = await createDelivery(endpoint, {
        eventId,
        webhookId: `msg_${randomUUID().replaceAll('-', '')}`,
        eventType: type,
        payload: { type, timestamp: at.toISOString(), data },
      });
      return attempt(delivery.id, 0);
    },

    attempt,

    async deliverDue() {
      const due = await db
        .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, new Date(now()))),
        )
        .orderBy(webhookDeliveries.nextAttemptAt)
        .limit(500);
      const outcomes: AttemptOutcome[] = [];
      for (const row of due) outcomes.push(await attempt(row.id, row.attempts));
      return outcomes;
    },

    async ping(integrationId) {
      const at = new Date(now());
      const delivery = await createDelivery(
        { id: integrationId },
        {
          eventId: null,
          webhookId: `msg_${randomUUID().replaceAll('-', '')}`,
          eventType: PING_EVENT,
          payload: { type: PING_EVENT, timestamp: at.toISOString(), data: { integrationId } },
        },
      );
      return attempt(delivery.id, 0);
    },

    async replay(deliveryId) {
      const [original] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      if (!original) return undefined;
      const row = await createDelivery(
        { id: original.integrationId },
        {
          eventId: original.eventId,
          webhookId: original.webhookId,
          eventType: original.eventType,
          payload: original.payload,
          replayOf: original.id,
        },
      );
      if (jobs) await enqueue(row.id, 0);
      return row;
    },

    async attachJobs(runner) {
      jobs = runner;
      await runner.define(
        WEBHOOK_QUEUE,
        async (data) => {
          await attempt(data.deliveryId, data.attempts);
        },
        {
          data: z.object({ deliveryId: z.uuid(), attempts: z.number().int().min(0) }),
          // Attempts mostly wait on the network: several at once per instance.
          concurrency: 16,
          // Our own schedule retries failed deliveries; pg-boss retries only a crashed attempt.
          retries: 2,
          retryDelaySeconds: 30,
          leaseSeconds: 60,
          pollingIntervalSeconds: 1,
        },
      );
      await runner.define(
        WEBHOOK_SWEEP_QUEUE,
        async () => {
          // Deliveries whose job was lost (an instance died between the row and the job): queued again.
          const overdue = await db
            .select({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts })
            .from(webhookDeliveries)
            .where(
              and(
                eq(webhookDeliveries.status, 'pending'),
                lte(webhookDeliveries.nextAttemptAt, new Date(now() - 60_000)),
              ),
            )
            .limit(1000);
          for (const row of overdue) await enqueue(row.id, row.attempts);
          await purgeOldDeliveries(db, now());
        },
        { data: z.object({}).strict(), policy: 'stately', retries: 1 },
      );
      await runner.schedule(WEBHOOK_SWEEP_QUEUE, '* * * * *', 'UTC', {});
    },
  };
}

/** Ids of deliveries of the given endpoints (for tests and the list). */
export const deliveriesOf = (db: Db, integrationIds: string[]) =>
  db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.integrationId, integrationIds));

/** Deliveries and events are kept this long (the list's figures count the same window), then removed. */
export const DELIVERY_RETENTION_MS = 30 * 24 * 3_600_000;

/** Removes settled deliveries and events older than the retention; pending ones stay until they settle. */
export async function purgeOldDeliveries(db: Db, now: number): Promise<void> {
  const before = new Date(now - DELIVERY_RETENTION_MS);
  await db
    .delete(webhookDeliveries)
    .where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, before)));
  await db.delete(webhookEvents).where(lt(webhookEvents.occurredAt, before));
}
