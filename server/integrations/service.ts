/**
 * Webhook deliveries (Standard Webhooks, Svix's conventions). An event is recorded with one delivery per
 * subscribed endpoint (`emit`), in the caller's transaction when it passes one (an outbox: the change and
 * its deliveries commit together). The deliveries table is the queue: each working instance runs a
 * delivery loop that leases a batch of due deliveries with one `UPDATE … RETURNING` (`FOR UPDATE SKIP
 * LOCKED`, the attempt counted, the next attempt moved past the timeout), so an attempt is made by one
 * run of one instance, and one that dies mid-attempt leaves it due again when the lease ends. A failed
 * attempt schedules the next one after the retry delays (or a longer Retry-After on 429/503); 410
 * disables the endpoint; an endpoint failing for 5 days without a success is disabled and the
 * administrators alerted.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
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
  /**
   * Records an event and one delivery per active endpoint subscribed to it. With `tx`, inside the caller's
   * transaction (it commits or rolls back with the change, and fails it if it cannot be written); without,
   * on its own and never throws.
   */
  emit(
    type: WebhookEventType,
    data: Record<string, unknown>,
    organizationId?: string | null,
    tx?: Db,
  ): Promise<void>;
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
  /** A new delivery with the same webhook-id and payload, due at once (the delivery loop sends it). */
  replay(deliveryId: string): Promise<DeliveryRow | undefined>;
  /** The outbound policy deliveries are made under (the test-only allowance, if any). */
  readonly outbound: OutboundPolicy;
  /**
   * Runs the delivery loop while the runner works, and a sweep job each minute (wakes the loop, removes
   * old deliveries). Without it deliveries stay rows until `deliverDue` (tests, send-only instances).
   */
  attachJobs(jobs: JobRunner): Promise<void>;
}

const deliverable = (row: Pick<IntegrationRow, 'type' | 'status'>) =>
  row.type === 'webhook' && row.status !== 'inactive';

/** Deliveries one claim takes: one statement leases them all, then they are sent at once. */
const CLAIM_BATCH = 50;
/**
 * Claim-send-record loops an instance runs at once: while one waits on its slowest endpoint (up to the
 * timeout) or on the database, the others go on.
 */
const LANES = 4;
/**
 * How often an idle delivery loop looks for due deliveries (retries, another instance's, a committed
 * outbox). An emit wakes its own instance's loop at once, so this only bounds how late a retry (the first
 * comes after 5 s) or an orphaned delivery goes out. At 1 s it was one of an idle console's two most
 * frequent statements (issue 27).
 */
const IDLE_POLL_MS = 5000;
/** How long the loop waits after an emit before claiming: a burst's deliveries then share claims. */
const GATHER_MS = 10;

/**
 * `status = 'pending'` written out, not bound: the planner uses the partial index webhook_deliveries_due
 * only when it can see the literal (a bound `$1` gives a generic plan a sequential scan of every delivery).
 */
const PENDING = sql`${webhookDeliveries.status} = 'pending'`;

const NO_SECRET = 'The endpoint has no signing secret: rotate its secret first';

/** A claimed delivery with what its attempt needs of its endpoint, read by the same statement. */
interface Claimed {
  id: string;
  webhookId: string;
  payload: Record<string, unknown>;
  /** Attempts including this one. */
  attempts: number;
  endpoint: Pick<
    IntegrationRow,
    | 'id'
    | 'name'
    | 'type'
    | 'url'
    | 'status'
    | 'secretSealed'
    | 'previousSecretSealed'
    | 'previousSecretUntil'
  >;
}

type Sent = { claimed: Claimed; result: SendResult; done: Date };

export function createWebhookService(options: WebhookServiceOptions): WebhookService {
  const { db, now, secrets: box, logger } = options;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const onDisabled = options.onDisabled ?? alertEndpointDisabled;
  // Opened secrets by their sealed text: a rotation or a new endpoint seals a new text, so an entry is
  // never stale, and the endpoint's state itself is read fresh with every claim.
  const opened = new LRUCache<string, string>({ max: 1000 });
  const open = (sealed: string, endpointId: string) => {
    const key = `${endpointId}:${sealed}`;
    let secret = opened.get(key);
    if (secret === undefined) {
      secret = box.open(sealed, endpointId);
      opened.set(key, secret);
    }
    return secret;
  };
  const signingSecrets = (endpoint: Claimed['endpoint'], at: number) => {
    const list: string[] = [];
    if (endpoint.secretSealed) list.push(open(endpoint.secretSealed, endpoint.id));
    if (
      endpoint.previousSecretSealed &&
      endpoint.previousSecretUntil &&
      endpoint.previousSecretUntil.getTime() > at
    )
      list.push(open(endpoint.previousSecretSealed, endpoint.id));
    return list;
  };

  const disable = async (endpoint: Claimed['endpoint'], reason: string, at: Date) => {
    const [changed] = await db
      .update(integrations)
      .set({ status: 'inactive', statusReason: reason })
      .where(and(eq(integrations.id, endpoint.id), ne(integrations.status, 'inactive')))
      .returning({ id: integrations.id });
    if (changed) {
      const [row] = await db.select().from(integrations).where(eq(integrations.id, endpoint.id));
      if (!row) return;
      await onDisabled(db, row, reason, at).catch((error: unknown) =>
        logger.error({ err: error }, 'could not alert that a webhook endpoint was disabled'),
      );
    }
  };

  /**
   * The claim: one statement leases the chosen deliveries (the attempt counted, the next attempt moved
   * past the attempt's timeout) and reads their endpoints. Only one run, of any instance, gets a given
   * attempt; one that dies mid-attempt leaves its deliveries due again when the lease ends.
   */
  const claim = async (at: Date, which: SQL): Promise<Claimed[]> => {
    const rows = await db
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastAttemptAt: at,
        nextAttemptAt: new Date(at.getTime() + timeoutMs + ATTEMPT_LEASE_MARGIN_MS),
      })
      .from(integrations)
      .where(
        and(
          which,
          eq(integrations.id, webhookDeliveries.integrationId),
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, at),
        ),
      )
      .returning({
        id: webhookDeliveries.id,
        webhookId: webhookDeliveries.webhookId,
        payload: webhookDeliveries.payload,
        attempts: webhookDeliveries.attempts,
        endpointId: integrations.id,
        name: integrations.name,
        type: integrations.type,
        url: integrations.url,
        status: integrations.status,
        secretSealed: integrations.secretSealed,
        previousSecretSealed: integrations.previousSecretSealed,
        previousSecretUntil: integrations.previousSecretUntil,
      });
    return rows.map(({ id, webhookId, payload, attempts, endpointId, ...endpoint }) => ({
      id,
      webhookId,
      payload,
      attempts,
      endpoint: { id: endpointId, ...endpoint },
    }));
  };

  /** Pending and due by `at`: what a lane claims, and what an idle loop looks for first. */
  const due = (at: Date) => and(PENDING, lte(webhookDeliveries.nextAttemptAt, at));

  const dueIds = (at: Date, limit: number) =>
    db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(due(at))
      .orderBy(webhookDeliveries.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });

  const anyDue = async (at: Date) => {
    const [found] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(due(at))
      .limit(1);
    return found !== undefined;
  };

  /** Sends the claimed deliveries at once and records the outcomes: successes in one statement each. */
  const attemptClaimed = async (claimed: Claimed[], at: Date): Promise<AttemptOutcome[]> => {
    const outcomes: AttemptOutcome[] = [];
    const sendable: Claimed[] = [];
    const refused = new Map<string, string[]>();
    const refuse = (delivery: Claimed, reason: string) => {
      refused.set(reason, [...(refused.get(reason) ?? []), delivery.id]);
      outcomes.push({ deliveryId: delivery.id, attempted: false, status: 'failed' });
    };
    for (const delivery of claimed) {
      if (!deliverable(delivery.endpoint) || !delivery.endpoint.url)
        refuse(delivery, 'The endpoint is disabled');
      // An unsigned message would be refused by any receiver that checks (the demo's endpoints have none).
      else if (!delivery.endpoint.secretSealed) refuse(delivery, NO_SECRET);
      else sendable.push(delivery);
    }
    for (const [reason, ids] of refused)
      await db
        .update(webhookDeliveries)
        .set({ status: 'failed', nextAttemptAt: null, lastError: reason })
        .where(inArray(webhookDeliveries.id, ids));

    const sent = await Promise.all(
      sendable.map(async (delivery): Promise<Sent> => {
        const body = JSON.stringify(delivery.payload);
        const headers = signWebhook(
          signingSecrets(delivery.endpoint, at.getTime()),
          delivery.webhookId,
          at,
          body,
        );
        const result = await postWebhook(delivery.endpoint.url!, { ...headers }, body, {
          policy: options.outbound,
          timeoutMs,
          now,
        });
        return { claimed: delivery, result, done: new Date(now()) };
      }),
    );
    const succeeded = sent.filter(
      ({ result }) => result.status !== null && result.status >= 200 && result.status < 300,
    );
    if (succeeded.length > 0) await recordSuccesses(succeeded);
    for (const { claimed: delivery, result } of succeeded)
      outcomes.push({ deliveryId: delivery.id, attempted: true, result, status: 'success' });
    // Failures are rare and each decides the endpoint's fate: one by one, after the successes.
    for (const failure of sent) {
      if (succeeded.includes(failure)) continue;
      outcomes.push(await recordFailure(failure));
    }
    return outcomes;
  };

  /** The batch's successes and their endpoints' health (a success ends a run of failures): one statement. */
  const recordSuccesses = async (succeeded: Sent[]) => {
    const values = sql.join(
      succeeded.map(
        (s) => sql`(${s.claimed.id}::uuid, ${s.result.status ?? 0}::integer, ${s.result.timeMs}::integer)`,
      ),
      sql`, `,
    );
    const last = new Date(Math.max(...succeeded.map((s) => s.done.getTime()))).toISOString();
    await db.execute(sql`
      with done as (
        update webhook_deliveries
        set status = 'success', next_attempt_at = null, last_error = null,
          response_status = v.status, response_time_ms = v.ms
        from (values ${values}) as v(id, status, ms)
        where webhook_deliveries.id = v.id
        returning webhook_deliveries.integration_id
      )
      update integrations
      set failing_since = null, last_sync_at = ${last}::timestamptz,
        status = case when status in ('error', 'pending') then 'active' else status end,
        status_reason = case when status in ('error', 'pending') then null else status_reason end
      where id in (select integration_id from done)`);
  };

  const recordFailure = async ({ claimed: delivery, result, done }: Sent): Promise<AttemptOutcome> => {
    const { id: deliveryId, endpoint } = delivery;
    const common = {
      nextAttemptAt: null,
      responseStatus: result.status,
      responseTimeMs: result.timeMs,
      lastError: result.error,
    };
    const settle = async (status: 'failed') => {
      await db
        .update(webhookDeliveries)
        .set({ ...common, status })
        .where(eq(webhookDeliveries.id, deliveryId));
      return { deliveryId, attempted: true, result, status };
    };
    if (result.status === 410) {
      const outcome = await settle('failed');
      await disable(endpoint, 'The endpoint answered 410 Gone.', done);
      return outcome;
    }
    // The endpoint's run of failures starts now, unless it already had.
    const [marked] = await db
      .update(integrations)
      .set({
        failingSince: sql`coalesce(${integrations.failingSince}, ${done})`,
        // Attempts of a batch end together: one may have disabled the endpoint already, with its reason.
        status: sql`case when ${integrations.status} = 'inactive' then 'inactive' else 'error' end`,
        statusReason: sql`case when ${integrations.status} = 'inactive' then ${integrations.statusReason} else ${result.error} end`,
      })
      .where(eq(integrations.id, endpoint.id))
      .returning({ failingSince: integrations.failingSince });
    const failingFor = marked?.failingSince ? done.getTime() - marked.failingSince.getTime() : 0;
    if (failingFor >= WEBHOOK_DISABLE_AFTER_MS) {
      const outcome = await settle('failed');
      await disable(endpoint, 'The endpoint has failed every delivery for 5 days.', done);
      return outcome;
    }
    const scheduled = WEBHOOK_RETRY_DELAYS_SECONDS[delivery.attempts - 1];
    if (scheduled === undefined) return settle('failed');
    const honoursRetryAfter = result.status === 429 || result.status === 503;
    const delay = Math.max(scheduled, honoursRetryAfter ? (result.retryAfterSeconds ?? 0) : 0);
    await db
      .update(webhookDeliveries)
      .set({ ...common, nextAttemptAt: new Date(done.getTime() + delay * 1000) })
      .where(eq(webhookDeliveries.id, deliveryId));
    return { deliveryId, attempted: true, result, status: 'pending' };
  };

  const attempt = async (deliveryId: string, expectedAttempts?: number): Promise<AttemptOutcome> => {
    const at = new Date(now());
    const claimed = await claim(
      at,
      and(
        eq(webhookDeliveries.id, deliveryId),
        expectedAttempts === undefined ? undefined : eq(webhookDeliveries.attempts, expectedAttempts),
      )!,
    );
    if (claimed.length === 0) return { deliveryId, attempted: false };
    const [outcome] = await attemptClaimed(claimed, at);
    return outcome ?? { deliveryId, attempted: false };
  };

  /** One claim of up to `limit` due deliveries, attempted; answers their outcomes. */
  const attemptBatch = async (limit: number) => {
    const at = new Date(now());
    const claimed = await claim(at, inArray(webhookDeliveries.id, dueIds(at, limit)));
    return claimed.length === 0 ? [] : attemptClaimed(claimed, at);
  };

  // The delivery loop of a working instance: woken by an emit here, and every IDLE_POLL_MS for what is
  // due otherwise (a retry, another instance's emit, an outbox committed by a process that then died).
  const loop = {
    running: false,
    again: false,
    stopped: true,
    timer: undefined as NodeJS.Timeout | undefined,
  };
  let draining: Promise<void> = Promise.resolve();
  const drain = async () => {
    loop.running = true;
    try {
      const lane = async () => {
        while (!loop.stopped && (await attemptBatch(CLAIM_BATCH)).length === CLAIM_BATCH);
      };
      do {
        loop.again = false;
        // A look first: an idle loop (nearly always) then costs one read a poll, not one claim (an
        // update) per lane.
        if (await anyDue(new Date(now()))) await Promise.all(Array.from({ length: LANES }, lane));
      } while (loop.again && !loop.stopped);
    } catch (error) {
      logger.warn({ err: error }, 'webhook deliveries could not be attempted');
    } finally {
      loop.running = false;
      if (!loop.stopped) {
        clearTimeout(loop.timer);
        loop.timer = setTimeout(wake, IDLE_POLL_MS);
        loop.timer.unref();
      }
    }
  };
  const wake = () => {
    if (loop.stopped) return;
    if (loop.running) {
      loop.again = true;
      return;
    }
    clearTimeout(loop.timer);
    draining = drain();
  };
  /** After an emit: a few milliseconds' wait lets a burst of events go out in one claim. */
  const wakeSoon = () => {
    if (loop.stopped || loop.running) return wake();
    clearTimeout(loop.timer);
    loop.timer = setTimeout(wake, GATHER_MS);
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

  /**
   * One statement: the event and one delivery per active endpoint subscribed to its type, each with its
   * own message id (Svix's msg_…, the same on its retries and replays). The event is kept even when no
   * endpoint subscribes: it is the catalogue's history of what the platform announced (kept 30 days like
   * the deliveries, and what the alerting and backup suites check), and in the same statement it costs no
   * round trip.
   */
  const record = async (
    into: Db,
    type: WebhookEventType,
    data: Record<string, unknown>,
    organizationId: string | null,
  ): Promise<number> => {
    const at = new Date(now()).toISOString();
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    const payload = JSON.stringify({ type, timestamp: at, data });
    const result = await into.execute(sql`
      with subscribers as (
        select id from integrations
        where type = 'webhook' and status <> 'inactive' and events @> jsonb_build_array(${type}::text)
      ), recorded as (
        insert into webhook_events (id, type, organization_id, data, occurred_at)
        select ${eventId}, ${type}, ${organizationId}::uuid, ${JSON.stringify(data)}::jsonb, ${at}::timestamptz
        returning id
      )
      insert into webhook_deliveries
        (id, integration_id, event_id, webhook_id, event_type, payload, status, attempts, next_attempt_at, created_at)
      select gen_random_uuid(), subscribers.id, recorded.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''),
        ${type}, ${payload}::jsonb, 'pending', 0, ${at}::timestamptz, ${at}::timestamptz
      from subscribers cross join recorded
      returning id`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  };

  return {
    outbound: options.outbound,

    async emit(type, data, organizationId = null, tx) {
      if (tx) {
        // Part of the caller's change: committed with it or not at all. The loop finds it once committed.
        await record(tx, type, data, organizationId);
        return;
      }
      try {
        if ((await record(db, type, data, organizationId)) > 0) wakeSoon();
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
      const outcomes: AttemptOutcome[] = [];
      for (;;) {
        const batch = await attemptBatch(CLAIM_BATCH);
        outcomes.push(...batch);
        if (batch.length < CLAIM_BATCH) return outcomes;
      }
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
      wake();
      return row;
    },

    async attachJobs(runner) {
      runner.alongside({
        start() {
          loop.stopped = false;
          wake();
        },
        async stop() {
          loop.stopped = true;
          clearTimeout(loop.timer);
          await draining;
        },
      });
      await runner.define(
        WEBHOOK_SWEEP_QUEUE,
        async () => {
          wake();
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
