/**
 * Webhook deliveries on PGlite and PostgreSQL against a loopback sink reached through the test-only
 * allowance: signatures checked with the standardwebhooks verifier, the retry schedule on a moved clock,
 * redirects, timeouts, 410, 429/503 with Retry-After, 5 days of failures, secret rotation, replay, Sync
 * Now, the masked third-party key and its audited reveal, and deliveries made once by two instances.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../../server/app';
import {
  alerts,
  auditLogs,
  integrations,
  users,
  webhookDeliveries,
  webhookEvents,
} from '../../../../server/db/schema';
import { createJobRunner, type JobRunner } from '../../../../server/jobs/runner';
import { createLogger } from '../../../../server/logger';
import {
  createWebhookService,
  purgeOldDeliveries,
  type WebhookService,
} from '../../../../server/integrations/service';
import { createSecretBox, generateSecretKey } from '../../../../server/security/secret-box';
import { WEBHOOK_RETRY_DELAYS_SECONDS } from '../../../../shared/integrations';
import { testDatabases } from '../../../support/databases';
import { bearer, call, createClock, tokenFor, TEST_SHEDDING } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { LOOPBACK, useWebhookSuite } from '../../../support/webhook-suite';
import { hang, startWebhookSink, status, type WebhookSink } from '../../../support/webhook-sink';

const quiet = createLogger({ level: 'silent' });

describe.each(testDatabases)('webhooks on $name', (target) => {
  // Near the real time: the standardwebhooks verifier checks the timestamp against Date.now().
  const clock = createClock(Date.now());
  const webhooks = useWebhookSuite(target, { clock, serviceTimeoutMs: 300 });
  const { suite, secretKey } = webhooks;
  let app: FastifyInstance;
  let sink: WebhookSink;
  let service: WebhookService;
  let admin: { authorization: string };

  beforeAll(async () => {
    ({ app, sink, service } = webhooks);
  });
  beforeEach(async () => {
    // Tests move the clock by days: back to the real time, with a token issued now.
    clock.advance(Date.now() - clock.now());
    admin = bearer(await tokenFor(suite.database, clock, suite.f.platformAdmin.id));
    sink.received.length = 0;
    sink.answer('*', status(204));
    // Each test starts with no endpoints: earlier ones would receive its events too.
    await suite.database.db.delete(integrations);
    await suite.database.db.delete(webhookEvents);
  });

  async function createEndpoint(
    path: string,
    events = ['user.created'],
    extra: Record<string, unknown> = {},
  ) {
    const res = await call(app, {
      method: 'POST',
      url: '/integrations',
      headers: admin,
      payload: { name: `Hook ${path}`, url: sink.at(path), events, ...extra },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as { integration: { id: string; status: string }; secret: string };
  }

  const deliveryRows = (integrationId: string) =>
    suite.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.integrationId, integrationId))
      .orderBy(webhookDeliveries.createdAt);
  const verify = (secret: string, index = -1) => {
    const request = sink.received.at(index)!;
    return new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
  };

  it('refuses endpoint URLs that are not public, with a clear message', async () => {
    for (const [url, reason] of [
      ['http://10.1.2.3/hook', '10.1.2.3 is a private network address'],
      ['http://169.254.169.254/latest', '169.254.169.254 is a cloud metadata address'],
      ['http://[::ffff:7f00:1]/x', '::ffff:7f00:1 is an IPv4-mapped IPv6 address'],
      ['http://100.64.0.7/x', '100.64.0.7 is a carrier-grade NAT address'],
    ]) {
      const res = await call(app, {
        method: 'POST',
        url: '/integrations',
        headers: admin,
        payload: { name: 'Bad', url, events: ['user.created'] },
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(reason);
    }
    expect(await suite.database.db.select().from(integrations)).toHaveLength(0);
  });

  it('delivers an event signed, verified by the standardwebhooks package, and lists it', async () => {
    const { integration, secret } = await createEndpoint('/ok');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(integration.status).toBe('pending');
    await app.inject({ method: 'GET', url: '/health' });
    await service.emit('user.created', { id: 'u1', email: 'new@example.test' });
    await service.emit('organization.updated', { id: 'not subscribed' });
    const outcomes = await service.deliverDue();
    expect(outcomes.map((o) => o.status)).toEqual(['success']);
    expect(sink.received).toHaveLength(1);
    const body = verify(secret) as { type: string; data: { email: string } };
    expect(body.type).toBe('user.created');
    expect(body.data.email).toBe('new@example.test');
    expect(sink.received[0]!.headers['webhook-id']).toMatch(/^msg_/);

    const list = await call(app, { method: 'GET', url: '/integrations/deliveries', headers: admin });
    const [row] = (list.body.data as { deliveries: Record<string, unknown>[] }).deliveries;
    expect(row).toMatchObject({ event: 'user.created', status: 'success', retries: 0, responseStatus: 204 });
    const listed = await call(app, { method: 'GET', url: '/integrations', headers: admin });
    const [shown] = (listed.body.data as { integrations: Record<string, unknown>[] }).integrations;
    expect(shown).toMatchObject({ status: 'active', health: 'healthy', requests: 1, errors: 0, uptime: 100 });
  });

  it('retries on the schedule 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, then leaves it failed', async () => {
    const { integration } = await createEndpoint('/down');
    sink.answer('/down', status(500));
    await service.emit('user.created', { id: 'u2' });
    expect(await service.deliverDue()).toHaveLength(1);
    for (const delay of WEBHOOK_RETRY_DELAYS_SECONDS) {
      const [pending] = await deliveryRows(integration.id);
      expect(pending!.status).toBe('pending');
      expect(pending!.nextAttemptAt!.getTime() - pending!.lastAttemptAt!.getTime()).toBe(delay * 1000);
      clock.advance(delay * 1000 - 1000);
      expect(await service.deliverDue()).toHaveLength(0);
      clock.advance(1000);
      expect(await service.deliverDue()).toHaveLength(1);
    }
    const [failed] = await deliveryRows(integration.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, responseStatus: 500 });
    expect(sink.received).toHaveLength(8);
    // Every attempt carries the same webhook-id, so a receiver can drop duplicates.
    expect(new Set(sink.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [endpoint] = await suite.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, integration.id));
    expect(endpoint!.status).toBe('error');
  });

  it('honours Retry-After on 429 and 503, follows no redirect, and gives up on a silent endpoint', async () => {
    const { integration } = await createEndpoint('/busy');
    sink.answer('/busy', status(429, { 'retry-after': '120' }));
    await service.emit('user.created', { id: 'u3' });
    await service.deliverDue();
    let [row] = await deliveryRows(integration.id);
    expect(row!.nextAttemptAt!.getTime() - row!.lastAttemptAt!.getTime()).toBe(120_000);

    sink.answer(
      '/busy',
      status(503, { 'retry-after': new Date(clock.now() + 120_000 + 600_000).toUTCString() }),
    );
    clock.advance(120_000);
    await service.deliverDue();
    [row] = await deliveryRows(integration.id);
    // 600 s from the date (to the second) beats the schedule's 300 s.
    expect(
      Math.round((row!.nextAttemptAt!.getTime() - row!.lastAttemptAt!.getTime()) / 1000),
    ).toBeGreaterThanOrEqual(599);

    await suite.database.db.delete(integrations);
    const moved = await createEndpoint('/moved');
    sink.answer('/moved', status(302, { location: sink.at('/elsewhere') }));
    await service.emit('user.created', { id: 'u4' });
    const [redirected] = await service.deliverDue();
    expect(redirected!.status).toBe('pending');
    expect(redirected!.result!.error).toBe('Answered 302 (redirects are not followed)');
    expect(sink.received.some((r) => r.path === '/elsewhere')).toBe(false);
    await suite.database.db.delete(integrations).where(eq(integrations.id, moved.integration.id));

    await createEndpoint('/silent');
    sink.answer('/silent', hang);
    await service.emit('user.created', { id: 'u5' });
    const [silent] = await service.deliverDue();
    expect(silent!.status).toBe('pending');
    expect(silent!.result).toMatchObject({ status: null, error: 'No answer within 0 s' });
  });

  it('makes an attempt again when the instance that claimed it died, once its lease is over', async () => {
    const { integration } = await createEndpoint('/lease');
    await service.emit('user.created', { id: 'lease' });
    const [row] = await deliveryRows(integration.id);
    // What a claim leaves behind when its instance dies before recording the outcome.
    await suite.database.db
      .update(webhookDeliveries)
      .set({
        attempts: 1,
        lastAttemptAt: new Date(clock.now()),
        nextAttemptAt: new Date(clock.now() + 45_300),
      })
      .where(eq(webhookDeliveries.id, row!.id));
    expect(await service.deliverDue()).toHaveLength(0);
    clock.advance(45_300);
    const [again] = await service.deliverDue();
    expect(again).toMatchObject({ attempted: true, status: 'success' });
    const [done] = await deliveryRows(integration.id);
    expect(done).toMatchObject({ status: 'success', attempts: 2, nextAttemptAt: null });
  });

  it('removes settled deliveries and events after 30 days, never a pending one', async () => {
    const { integration } = await createEndpoint('/old');
    await service.emit('user.created', { id: 'old-ok' });
    await service.deliverDue();
    sink.answer('/old', status(500));
    await service.emit('user.created', { id: 'old-pending' });
    await service.deliverDue();
    await purgeOldDeliveries(suite.database.db, clock.now() + 29 * 86_400_000);
    expect(await deliveryRows(integration.id)).toHaveLength(2);
    await purgeOldDeliveries(suite.database.db, clock.now() + 31 * 86_400_000);
    const left = await deliveryRows(integration.id);
    expect(left.map((d) => d.status)).toEqual(['pending']);
  });

  it('disables the endpoint on 410 and alerts the administrators', async () => {
    const { integration } = await createEndpoint('/gone');
    sink.answer('/gone', status(410));
    await service.emit('user.created', { id: 'u6' });
    await service.deliverDue();
    const [endpoint] = await suite.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, integration.id));
    expect(endpoint).toMatchObject({ status: 'inactive', statusReason: 'The endpoint answered 410 Gone.' });
    const [delivery] = await deliveryRows(integration.id);
    expect(delivery!.status).toBe('failed');
    const raised = await suite.database.db.select().from(alerts);
    expect(raised.some((a) => a.title === `Webhook endpoint disabled: Hook /gone`)).toBe(true);
    // A disabled endpoint gets no new deliveries.
    await service.emit('user.created', { id: 'u7' });
    expect(await deliveryRows(integration.id)).toHaveLength(1);
  });

  it('disables an endpoint that has failed for 5 days, and not before', async () => {
    const { integration } = await createEndpoint('/flaky');
    sink.answer('/flaky', status(500));
    await service.emit('user.created', { id: 'day0' });
    await service.deliverDue();
    for (let day = 1; day <= 4; day++) {
      clock.advance(86_400_000);
      await service.emit('user.created', { id: `day${day}` });
      await service.deliverDue();
    }
    let [endpoint] = await suite.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, integration.id));
    expect(endpoint!.status).toBe('error');
    clock.advance(86_400_000);
    await service.emit('user.created', { id: 'day5' });
    await service.deliverDue();
    [endpoint] = await suite.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, integration.id));
    expect(endpoint).toMatchObject({
      status: 'inactive',
      statusReason: 'The endpoint has failed every delivery for 5 days.',
    });
    const raised = await suite.database.db.select().from(alerts);
    expect(raised.filter((a) => a.title === 'Webhook endpoint disabled: Hook /flaky')).toHaveLength(1);

    // Enabled again by an administrator: a fresh start.
    const enabled = await call(app, {
      method: 'POST',
      url: `/integrations/${integration.id}/enabled`,
      headers: bearer(await tokenFor(suite.database, clock, suite.f.platformAdmin.id)),
      payload: { enabled: true },
    });
    expect(enabled.body.data).toMatchObject({ status: 'pending', statusReason: null });
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { integration, secret: oldSecret } = await createEndpoint('/rotate');
    const rotated = await call(app, {
      method: 'POST',
      url: `/integrations/${integration.id}/secret`,
      headers: admin,
    });
    expect(rotated.status).toBe(200);
    const { secret: newSecret } = rotated.body.data as { secret: string };
    expect(newSecret).not.toBe(oldSecret);

    await service.emit('user.created', { id: 'r1' });
    await service.deliverDue();
    expect(String(sink.received.at(-1)!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(oldSecret)).toBeTruthy();
    expect(verify(newSecret)).toBeTruthy();

    clock.advance(24 * 3_600_000 + 1000);
    await service.emit('user.created', { id: 'r2' });
    await service.deliverDue();
    expect(String(sink.received.at(-1)!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const request = sink.received.at(-1)!;
    const headers = request.headers as Record<string, string>;
    // The signature covers the timestamp: check it without the 5-minute window by signing ourselves.
    const signed = new Webhook(newSecret).sign(
      headers['webhook-id']!,
      new Date(Number(headers['webhook-timestamp']) * 1000),
      request.body,
    );
    expect(headers['webhook-signature']).toBe(signed);
    const byOld = new Webhook(oldSecret).sign(
      headers['webhook-id']!,
      new Date(Number(headers['webhook-timestamp']) * 1000),
      request.body,
    );
    expect(headers['webhook-signature']).not.toContain(byOld);
  });

  it('replays a delivery with the same webhook-id and payload; Sync Now sends a verified ping', async () => {
    const { integration, secret } = await createEndpoint('/replay');
    await service.emit('user.created', { id: 'p1' });
    await service.deliverDue();
    const [first] = await deliveryRows(integration.id);
    const replay = await call(app, {
      method: 'POST',
      url: `/integrations/deliveries/${first!.id}/replay`,
      headers: admin,
    });
    expect(replay.status).toBe(200);
    expect((replay.body.data as { delivery: Record<string, unknown> }).delivery).toMatchObject({
      status: 'other',
      replayOf: first!.id,
    });
    await service.deliverDue();
    expect(sink.received).toHaveLength(2);
    expect(sink.received[1]!.headers['webhook-id']).toBe(sink.received[0]!.headers['webhook-id']);
    expect(sink.received[1]!.body).toBe(sink.received[0]!.body);

    const sync = await call(app, {
      method: 'POST',
      url: `/integrations/${integration.id}/sync`,
      headers: admin,
    });
    expect(sync.status).toBe(200);
    expect(sync.body.data).toMatchObject({ ok: true, responseStatus: 204, error: null });
    expect((verify(secret) as { type: string }).type).toBe('ping');

    sink.answer('/replay', status(500));
    const failed = await call(app, {
      method: 'POST',
      url: `/integrations/${integration.id}/sync`,
      headers: admin,
    });
    expect(failed.body.data).toMatchObject({ ok: false, responseStatus: 500, error: 'Answered 500' });

    const missing = await call(app, {
      method: 'POST',
      url: `/integrations/deliveries/00000000-0000-4000-8000-000000000000/replay`,
      headers: admin,
    });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('Webhook event not found');
  });

  it('keeps a third-party key sealed, masked in the list, whole only through the audited reveal', async () => {
    const apiKey = 'sk_live_51HxyzABCDEFGHIJKLMNOP';
    const { integration } = await createEndpoint('/with-key', ['user.created'], { apiKey });
    const [stored] = await suite.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, integration.id));
    expect(stored!.apiKeySealed).not.toContain('ABCDEFGH');
    expect(JSON.stringify(stored)).not.toContain(apiKey);
    const listed = await call(app, { method: 'GET', url: '/integrations', headers: admin });
    const [shown] = (listed.body.data as { integrations: { config: { apiKey: string } }[] }).integrations;
    expect(shown!.config.apiKey).toBe(`sk_live_${'*'.repeat(apiKey.length - 8)}`);
    const revealed = await call(app, {
      method: 'POST',
      url: `/integrations/${integration.id}/api-key/reveal`,
      headers: admin,
    });
    expect(revealed.body.data).toEqual({ apiKey });
    const records = await suite.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, integration.id));
    expect(records.map((r) => r.action).sort()).toEqual(['CREATE', 'READ']);
    expect(JSON.stringify(records)).not.toContain(apiKey);
  });

  it('emits the events of today’s routes: user.created and user.suspended', async () => {
    const { secret } = await createEndpoint('/users', ['user.created', 'user.suspended']);
    const created = await call(app, {
      method: 'POST',
      url: '/users',
      headers: admin,
      payload: { name: 'Evented', email: 'evented@example.test', role: 'teacher' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id } = (created.body.data as { user: { id: string } }).user;
    await service.deliverDue();
    expect(verify(secret)).toMatchObject({
      type: 'user.created',
      data: { userId: id, email: 'evented@example.test', role: 'teacher' },
    });
    await suite.database.db.update(users).set({ status: 'active' }).where(eq(users.id, id));
    const suspended = await call(app, {
      method: 'POST',
      url: `/users/${id}/status`,
      headers: admin,
      payload: { status: 'suspended' },
    });
    expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
    await service.deliverDue();
    expect(verify(secret)).toMatchObject({ type: 'user.suspended', data: { userId: id } });
  });

  it('records an event with its change: rolled back, nothing; committed, delivered after the process died', async () => {
    const { integration, secret } = await createEndpoint('/outbox', ['user.created', 'organization.updated']);
    // A change that fails after its event was recorded: neither is kept.
    await expect(
      suite.database.db.transaction(async (tx) => {
        await tx.update(users).set({ name: 'Rolled back' }).where(eq(users.id, suite.f.platformAdmin.id));
        await service.emit('organization.updated', { id: 'rolled back' }, null, tx);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await deliveryRows(integration.id)).toHaveLength(0);
    expect(await suite.database.db.select().from(webhookEvents)).toHaveLength(0);

    // An instance commits a change and dies before any attempt (no job runner: nothing sends).
    const first = await buildApp({
      database: suite.database,
      config: { now: clock.now, shedding: TEST_SHEDDING },
      logger: quiet,
      secretKey,
      outbound: LOOPBACK,
    });
    const created = await call(first, {
      method: 'POST',
      url: '/users',
      headers: admin,
      payload: { name: 'Outboxed', email: 'outboxed@example.test', role: 'teacher' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await first.close();
    const [waiting] = await deliveryRows(integration.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect(sink.received).toHaveLength(0);

    // Another instance on the same database: its delivery loop finds the committed delivery.
    const runner = createJobRunner({ database: suite.database, logger: quiet });
    const second = await buildApp({
      database: suite.database,
      config: { now: clock.now, shedding: TEST_SHEDDING },
      logger: quiet,
      secretKey,
      outbound: LOOPBACK,
      jobs: runner,
    });
    try {
      await runner.start();
      await vi.waitFor(() => expect(sink.received).toHaveLength(1), { timeout: 30_000, interval: 100 });
      expect(verify(secret)).toMatchObject({
        type: 'user.created',
        data: { email: 'outboxed@example.test', role: 'teacher' },
      });
      await vi.waitFor(async () =>
        expect((await deliveryRows(integration.id))[0]).toMatchObject({ status: 'success', attempts: 1 }),
      );
    } finally {
      await runner.stop(1);
      await second.close();
    }
  });

  it('records an event no endpoint subscribes to, with no delivery', async () => {
    await createEndpoint('/none', ['backup.failed']);
    await service.emit('user.created', { id: 'nobody listens' });
    const [event] = await suite.database.db.select().from(webhookEvents);
    expect(event).toMatchObject({ type: 'user.created', data: { id: 'nobody listens' } });
    expect(await suite.database.db.select().from(webhookDeliveries)).toHaveLength(0);
  });

  it('emits report.generated when a report is generated', async () => {
    const { integration, secret } = await createEndpoint('/reports', ['report.generated']);
    const created = await call(app, {
      method: 'POST',
      url: '/reports',
      headers: admin,
      payload: {
        name: 'Evented report',
        description: '',
        type: 'custom',
        format: 'xlsx',
        schedule: 'manual',
        metrics: ['mrr'],
        filters: { organizationId: null, plan: null, period: '30d' },
        recipients: [],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id } = created.body.data as { id: string };
    const generated = await call(app, { method: 'POST', url: `/reports/${id}/generate`, headers: admin });
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    // Without a job runner the app generates in its own process: the event follows the stored file.
    await vi.waitFor(async () => expect(await deliveryRows(integration.id)).toHaveLength(1), {
      timeout: 30_000,
    });
    await service.deliverDue();
    expect(verify(secret)).toMatchObject({
      type: 'report.generated',
      data: { reportId: id, name: 'Evented report', trigger: 'manual', format: 'xlsx' },
    });
  });

  it('answers 404 and 403 where it should', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['DELETE', `/integrations/${missing}`],
      ['POST', `/integrations/${missing}/sync`],
    ] as const) {
      const res = await call(app, { method, url, headers: admin });
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Integration not found');
    }
    const teacher = await call(app, {
      method: 'GET',
      url: '/integrations',
      headers: bearer(await tokenFor(suite.database, clock, suite.f.outsider.id)),
    });
    expect(teacher.status).toBe(403);
  });
});

describe.each(testDatabases)('webhook deliveries as jobs on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const runners: JobRunner[] = [];
  afterAll(async () => {
    for (const runner of runners) await runner.stop(1);
  });

  it('delivers each event once with two instances', { timeout: 90_000 }, async () => {
    const sink = await startWebhookSink();
    try {
      const key = generateSecretKey();
      const services = [0, 1].map(() =>
        createWebhookService({
          db: suite.database.db,
          now: Date.now,
          secrets: createSecretBox(key),
          outbound: LOOPBACK,
          logger: quiet,
        }),
      );
      for (const service of services) {
        const runner = createJobRunner({ database: suite.database, logger: quiet });
        runners.push(runner);
        await service.attachJobs(runner);
        await runner.start();
      }
      const secret = 'whsec_' + Buffer.alloc(32, 7).toString('base64');
      const id = '11111111-1111-4111-8111-111111111111';
      await suite.database.db.insert(integrations).values({
        id,
        name: 'Two instances',
        type: 'webhook',
        url: sink.at('/both'),
        events: ['export.completed'],
        status: 'active',
        secretSealed: createSecretBox(key).seal(secret, id),
        createdAt: new Date(),
      });
      for (let n = 0; n < 20; n++) await services[n % 2]!.emit('export.completed', { n });
      await vi.waitFor(
        async () => {
          const rows = await suite.database.db.select().from(webhookDeliveries);
          expect(rows.filter((r) => r.status === 'success')).toHaveLength(20);
        },
        { timeout: 60_000, interval: 200 },
      );
      expect(sink.received).toHaveLength(20);
      expect(new Set(sink.received.map((r) => r.headers['webhook-id'])).size).toBe(20);
      for (let i = 0; i < 20; i++)
        expect(
          new Webhook(secret).verify(
            sink.received[i]!.body,
            sink.received[i]!.headers as Record<string, string>,
          ),
        ).toBeTruthy();
    } finally {
      await sink.close();
    }
  });
});
