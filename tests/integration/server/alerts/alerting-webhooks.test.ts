/**
 * A rule's generic webhook as one of the integrations' deliveries (issue 12), on both databases, against
 * a loopback sink: the notification is an `alert.fired` / `alert.resolved` event delivered to the named
 * webhook integration only, signed (checked with the standardwebhooks package), retried on the
 * integrations' schedule until the sink answers 2xx (the attempts recorded), listed under Webhook Events
 * and replayable. A rule naming no webhook integration is refused; a URL stored by older rules is kept.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AlertRule, RuleInput } from '../../../../shared/alerting';
import type { WebhookDelivery } from '../../../../shared/api/integrations';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../../../../shared/integrations';
import { alertNotifications, requestRollups, webhookDeliveries } from '../../../../server/db/schema';
import type { WebhookService } from '../../../../server/integrations/service';
import { NO_WEBHOOK_INTEGRATION } from '../../../../server/alerts/rule-routes';
import { record, toArrays, type Histogram } from '../../../../server/monitoring/histogram';
import { testDatabases } from '../../../support/databases';
import { bearer, call, createClock, tokenFor } from '../../../support/server';
import { useWebhookSuite } from '../../../support/webhook-suite';
import { status, type WebhookSink } from '../../../support/webhook-sink';

const MINUTE = 60_000;

const trafficRule = (target: string): RuleInput => ({
  name: 'Any traffic on the hook',
  description: '',
  status: 'active',
  severity: 'high',
  metric: 'request_rate',
  condition: { operator: '>', threshold: 0, aggregation: 'sum', timeWindow: '1m' },
  filters: [],
  notifications: [{ type: 'webhook', target }],
  escalation: { enabled: false, steps: [] },
  suppressionRules: { enabled: false, duration: 0, conditions: [] },
  pendingSeconds: 0,
  keepFiringSeconds: 0,
  noDataState: 'normal',
  errorState: 'keep',
});

describe.each(testDatabases)('alert webhooks through the integrations on $name', (target) => {
  // Near the real time, on a minute: the standardwebhooks verifier checks timestamps against Date.now().
  const clock = createClock(Math.floor(Date.now() / MINUTE) * MINUTE);
  const webhooks = useWebhookSuite(target, { clock, serviceTimeoutMs: 2000 });
  const { suite } = webhooks;
  let app: FastifyInstance;
  let sink: WebhookSink;
  let service: WebhookService;
  let admin: { authorization: string };

  beforeAll(async () => {
    ({ app, sink, service } = webhooks);
    admin = bearer(await tokenFor(suite.database, clock, suite.f.platformAdmin.id));
  });

  const oneRequest = async (at: number) => {
    const histogram: Histogram = new Map();
    record(histogram, 20, 1);
    const { buckets, counts } = toArrays(histogram);
    await suite.database.db.insert(requestRollups).values({
      resolution: 'minute',
      periodStart: new Date(Math.floor(at / MINUTE) * MINUTE),
      instanceId: 'test-instance',
      route: '/organizations',
      method: 'GET',
      requests: 1,
      errors: 0,
      durationSumMs: 20,
      satisfied: 1,
      tolerating: 0,
      latencyBuckets: buckets,
      latencyCounts: counts,
    });
  };
  const evaluateIn = async (ms: number) => {
    clock.advance(ms);
    await app.alerting.evaluate(clock.now());
  };

  it('delivers firing and resolved as signed events to the named integration, retried to a success', async () => {
    const created = await call(app, {
      method: 'POST',
      url: '/integrations',
      headers: admin,
      // Subscribed to nothing of alerts: the rule names it, that is enough.
      payload: { name: 'On-call hook', url: sink.at('/alerts'), events: ['user.created'] },
    });
    expect(created.status).toBe(200);
    const { integration, secret } = created.body.data as { integration: { id: string }; secret: string };
    const verify = (index: number) => {
      const request = sink.received[index]!;
      return new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
        type: string;
        data: { event: string; rule: { id: string }; alerts: { id: string; status: string }[] };
      };
    };
    const saved = await call(app, {
      method: 'PUT',
      url: '/alerts/notification-settings',
      headers: admin,
      payload: {
        channels: { email: true, sms: false, chat: true },
        quietHours: false,
        escalationDelayMinutes: 60,
        groupingWindowMinutes: 1,
      },
    });
    expect(saved.status).toBe(200);

    // A rule naming no webhook integration is refused; a URL (what older rules stored) is still taken.
    const missing = await call(app, {
      method: 'POST',
      url: '/alert-rules',
      headers: admin,
      payload: trafficRule('7d3c1a52-4f0e-4a7b-9c35-2b8e6f1d0a11'),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(NO_WEBHOOK_INTEGRATION);
    const legacy = await call(app, {
      method: 'POST',
      url: '/alert-rules',
      headers: admin,
      payload: { ...trafficRule(sink.at('/legacy')), status: 'paused' },
    });
    expect(legacy.status).toBe(200);

    const rule = (
      await call(app, {
        method: 'POST',
        url: '/alert-rules',
        headers: admin,
        payload: trafficRule(integration.id),
      })
    ).body.data as AlertRule;

    // The sink fails the first attempt, then accepts.
    let answered = 0;
    sink.answer('/alerts', (request, response) => {
      answered += 1;
      status(answered === 1 ? 503 : 204)(request, response);
    });
    // Traffic in this minute and the one before: the 1-minute window holds some for two intervals.
    await oneRequest(clock.now() - MINUTE);
    await oneRequest(clock.now());
    await app.alerting.evaluate(clock.now());
    expect(sink.received).toHaveLength(0);
    // The grouping window (1 minute) ends: the firing notification, refused with 503.
    await evaluateIn(MINUTE);
    expect(sink.received).toHaveLength(1);
    const fired = verify(0);
    expect(fired).toMatchObject({
      type: 'alert.fired',
      data: { event: 'alert.fired', rule: { id: rule.id }, alerts: [{ status: 'active' }] },
    });
    const deliveries = async () =>
      suite.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.integrationId, integration.id))
        .orderBy(webhookDeliveries.createdAt);
    expect(await deliveries()).toMatchObject([
      { eventType: 'alert.fired', status: 'pending', attempts: 1, responseStatus: 503 },
    ]);
    const notified = async () =>
      suite.database.db.select().from(alertNotifications).where(eq(alertNotifications.ruleId, rule.id));
    expect(await notified()).toMatchObject([
      { channel: 'webhook', target: integration.id, kind: 'firing', outcome: 'retrying' },
    ]);

    // The integrations' retry, after its first delay: accepted, with the same webhook-id.
    clock.advance(WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    const retried = await service.deliverDue();
    expect(retried).toMatchObject([{ attempted: true, status: 'success' }]);
    expect(sink.received).toHaveLength(2);
    expect(verify(1)).toEqual(fired);
    expect(sink.received[1]!.headers['webhook-id']).toBe(sink.received[0]!.headers['webhook-id']);
    const [firing] = await deliveries();
    expect(firing).toMatchObject({ status: 'success', attempts: 2, responseStatus: 204 });

    // No traffic in the next minute: resolved, and told once the grouping window ends.
    await evaluateIn(MINUTE - WEBHOOK_RETRY_DELAYS_SECONDS[0] * 1000);
    await evaluateIn(MINUTE);
    expect(sink.received).toHaveLength(3);
    expect(verify(2)).toMatchObject({
      type: 'alert.resolved',
      data: { event: 'alert.resolved', rule: { id: rule.id }, alerts: [{ status: 'resolved' }] },
    });
    expect((await notified()).map((n) => [n.kind, n.outcome]).sort()).toEqual([
      ['firing', 'retrying'],
      ['resolved', 'sent'],
    ]);

    // Listed under Webhook Events, and replayable (a new delivery, the same webhook-id and payload).
    const listed = await call(app, {
      method: 'GET',
      url: `/integrations/deliveries?integrationId=${integration.id}`,
      headers: admin,
    });
    const list = (listed.body.data as { deliveries: WebhookDelivery[] }).deliveries;
    expect(list.map((d) => [d.event, d.status]).sort()).toEqual([
      ['alert.fired', 'success'],
      ['alert.resolved', 'success'],
    ]);
    const replay = await call(app, {
      method: 'POST',
      url: `/integrations/deliveries/${firing!.id}/replay`,
      headers: admin,
    });
    expect(replay.status).toBe(200);
    expect(await service.deliverDue()).toMatchObject([{ status: 'success' }]);
    expect(sink.received).toHaveLength(4);
    expect(verify(3)).toEqual(fired);
    expect(sink.received[3]!.headers['webhook-id']).toBe(sink.received[0]!.headers['webhook-id']);
    // The URL of the older rule (paused here) was never called.
    expect(sink.received.filter((r) => r.path === '/legacy')).toHaveLength(0);
  });
});
