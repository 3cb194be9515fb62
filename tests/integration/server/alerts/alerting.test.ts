/**
 * Alerting (issue 12) against the server on both databases: a latency rule evaluated on real request
 * roll-ups goes pending, fires (the banner's stream has it, the SMTP sink gets the email), is
 * acknowledged with a comment (audited) and resolves when the latency falls; an interval is evaluated
 * once across two instances; a resolved alert is not reopened; webhooks reach a loopback sink.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, AlertRule, RuleInput } from '../../../../shared/alerting';
import type { AlertList } from '../../../../shared/api/alerts';
import { alertsToReplay } from '../../../../server/alerts/store';
import type { ServerConfigOverrides } from '../../../../server/config';
import {
  alertNotifications,
  alertRuleInstances,
  auditLogs,
  requestRollups,
  webhookEvents,
} from '../../../../server/db/schema';
import { record, toArrays, type Histogram } from '../../../../server/monitoring/histogram';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { startSmtpSink, type SmtpSink } from '../../../support/smtp-sink';

const MINUTE = 60_000;

const latencyRule = (overrides: Partial<RuleInput> = {}): RuleInput => ({
  name: 'API p95 above 500 ms',
  description: 'The API answers slowly',
  status: 'active',
  severity: 'high',
  metric: 'latency',
  condition: { operator: '>', threshold: 500, aggregation: 'p95', timeWindow: '5m' },
  filters: [],
  notifications: [{ type: 'email', target: 'ops@test.example' }],
  escalation: { enabled: false, steps: [] },
  suppressionRules: { enabled: false, duration: 0, conditions: [] },
  pendingSeconds: 120,
  keepFiringSeconds: 0,
  noDataState: 'normal',
  errorState: 'keep',
  ...overrides,
});

describe.each(testDatabases)('alerting on $name', (target) => {
  let smtp: SmtpSink;
  const hooks: { status: number; body: unknown }[] = [];
  let hookStatus = 200;
  const hookSink: Server = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      hooks.push({ status: hookStatus, body: JSON.parse(body) });
      response.writeHead(hookStatus).end();
    });
  });
  // The sink speaks plain SMTP on loopback: allowed only by the explicit loopback-sink flag.
  const config: ServerConfigOverrides = { mailFrom: 'console@test.example', smtpLoopbackSink: true };
  beforeAll(async () => {
    smtp = await startSmtpSink();
    await new Promise<void>((resolve) => hookSink.listen(0, '127.0.0.1', resolve));
    config.smtpUrl = smtp.url;
  });
  afterAll(async () => {
    await smtp.close();
    await new Promise<void>((resolve) => hookSink.close(() => resolve()));
  });
  const suite = useServerSuite(target, { tenants: true, app: config });
  const admin = () => bearer(suite.f.platformAdmin.token);
  const hookUrl = () => `http://127.0.0.1:${(hookSink.address() as AddressInfo).port}/hook`;

  /** One minute of requests to one route, all taking `ms`. */
  const minuteOf = async (at: number, ms: number, route = '/organizations') => {
    const histogram: Histogram = new Map();
    record(histogram, ms, 20);
    const { buckets, counts } = toArrays(histogram);
    await suite.database.db.insert(requestRollups).values({
      resolution: 'minute',
      periodStart: new Date(Math.floor(at / MINUTE) * MINUTE),
      instanceId: 'test-instance',
      route,
      method: 'GET',
      requests: 20,
      errors: 0,
      durationSumMs: ms * 20,
      satisfied: ms <= 500 ? 20 : 0,
      tolerating: 0,
      latencyBuckets: buckets,
      latencyCounts: counts,
    });
  };
  const createRule = async (input: RuleInput) => {
    const created = await call(suite.app, {
      method: 'POST',
      url: '/alert-rules',
      headers: admin(),
      payload: input,
    });
    expect(created.status).toBe(200);
    return created.body.data as AlertRule;
  };
  const deleteRule = async (id: string) =>
    expect(
      (await call(suite.app, { method: 'DELETE', url: `/alert-rules/${id}`, headers: admin() })).status,
    ).toBe(200);
  const listAlerts = async () =>
    (await call(suite.app, { method: 'GET', url: '/alerts', headers: admin() })).body.data as AlertList;
  const evaluate = () => suite.app.alerting.evaluate(suite.clock.now());
  const alertEvents = async () =>
    (
      await suite.database.db
        .select()
        .from(webhookEvents)
        .where(inArray(webhookEvents.type, ['alert.fired', 'alert.resolved']))
        .orderBy(webhookEvents.occurredAt, webhookEvents.id)
    ).map((e) => ({ id: e.id, type: e.type, data: e.data as { alertId: string } }));
  /** The rule's state as the rules list answers it (the most urgent of its series'). */
  const ruleState = async (ruleId: string) =>
    (
      (await call(suite.app, { method: 'GET', url: '/alert-rules', headers: admin() })).body
        .data as AlertRule[]
    ).find((r) => r.id === ruleId)?.state;
  const stateOf = async (ruleId: string) =>
    (
      await suite.database.db.select().from(alertRuleInstances).where(eq(alertRuleInstances.ruleId, ruleId))
    ).map((i) => i.state);

  it('validates a rule with clear messages and stores nothing invalid', async () => {
    const bad = await call(suite.app, {
      method: 'POST',
      url: '/alert-rules',
      headers: admin(),
      payload: latencyRule({ notifications: [{ type: 'email', target: 'not-an-address' }] }),
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('An email notification needs a valid address');
    const silent = await call(suite.app, {
      method: 'POST',
      url: '/alert-rules',
      headers: admin(),
      payload: latencyRule({ notifications: [] }),
    });
    expect(JSON.stringify(silent.body)).toContain('An active rule needs at least one notification');
    const filtered = await call(suite.app, {
      method: 'POST',
      url: '/alert-rules',
      headers: admin(),
      payload: latencyRule({ filters: [{ field: 'instance', operator: '==', value: 'x' }] }),
    });
    expect(JSON.stringify(filtered.body)).toContain('Response time can be filtered by route only');
    const rules = await call(suite.app, { method: 'GET', url: '/alert-rules', headers: admin() });
    expect(rules.body.data).toEqual([]);
  });

  it('goes pending, fires, emails, is acknowledged with a comment, and resolves when latency falls', async () => {
    const saved = await call(suite.app, {
      method: 'PUT',
      url: '/alerts/notification-settings',
      headers: admin(),
      payload: {
        channels: { email: true, sms: true, chat: false },
        quietHours: false,
        escalationDelayMinutes: 60,
        groupingWindowMinutes: 1,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ channels: { sms: false }, smsProviderConfigured: false });

    // What the alert announced: its alert.fired / alert.resolved webhook events, newer than this test.
    const seen = new Set((await alertEvents()).map((e) => e.id));
    const announced = async () => (await alertEvents()).filter((e) => !seen.has(e.id));
    const rule = await createRule(latencyRule());
    expect(rule.state).toBe('normal');
    const t0 = suite.clock.now();
    for (let m = 4; m >= 0; m--) await minuteOf(t0 - m * MINUTE, 900);
    await evaluate();
    expect(await stateOf(rule.id)).toEqual(['pending']);
    expect(await ruleState(rule.id)).toBe('pending');

    suite.clock.advance(MINUTE);
    await minuteOf(suite.clock.now(), 900);
    await evaluate();
    expect(await stateOf(rule.id)).toEqual(['pending']);
    expect((await listAlerts()).alerts.filter((a) => a.ruleId === rule.id)).toEqual([]);

    suite.clock.advance(MINUTE);
    await minuteOf(suite.clock.now(), 900);
    await evaluate();
    expect(await stateOf(rule.id)).toEqual(['firing']);
    expect(await ruleState(rule.id)).toBe('firing');
    const fired = (await listAlerts()).alerts.find((a) => a.ruleId === rule.id)!;
    expect(fired).toMatchObject({
      title: 'API p95 above 500 ms',
      severity: 'high',
      status: 'active',
      category: 'technical',
      source: 'Alert rule: API p95 above 500 ms',
      metrics: { threshold: 500, unit: 'ms' },
    });
    expect(fired.metrics!.value).toBeGreaterThan(880);
    expect((await announced()).map((e) => [e.type, e.data.alertId])).toEqual([['alert.fired', fired.id]]);
    // The banner, bell and tray read the stream: the alert is in its replay.
    const replay = await alertsToReplay(suite.database.db);
    expect(replay.at(-1)?.alert).toMatchObject({ id: fired.id, priority: 'high', type: 'warning' });
    expect(smtp.received).toHaveLength(0);

    suite.clock.advance(MINUTE);
    await minuteOf(suite.clock.now(), 900);
    await evaluate();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['ops@test.example']);
    expect(smtp.received[0]!.raw).toMatch(/^Subject: \[FIRING\] API p95 above 500 ms \(high, 1 alert\)/m);

    const ack = await call(suite.app, {
      method: 'POST',
      url: `/alerts/${fired.id}/acknowledge`,
      headers: admin(),
      payload: { comment: 'Looking into the slow queries' },
    });
    expect(ack.status).toBe(200);
    const acknowledged = ack.body.data as Alert;
    expect(acknowledged.status).toBe('acknowledged');
    expect(acknowledged.history.at(-1)).toMatchObject({
      status: 'acknowledged',
      by: suite.f.platformAdmin.id,
      comment: 'Looking into the slow queries',
    });
    const audited = await suite.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'alert'), eq(auditLogs.resourceId, fired.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      action: 'UPDATE',
      status: 'success',
      userId: suite.f.platformAdmin.id,
    });

    // Latency falls: the 5-minute p95 clears once the slow minutes leave the window.
    for (let i = 0; i < 7; i++) {
      suite.clock.advance(MINUTE);
      await minuteOf(suite.clock.now(), 50);
      await evaluate();
    }
    const after = (await listAlerts()).alerts.find((a) => a.id === fired.id)!;
    expect(after.status).toBe('resolved');
    expect(await ruleState(rule.id)).toBe('normal');
    expect(after.history.map((h) => h.status)).toEqual(['active', 'acknowledged', 'resolved']);
    // Resolved, it leaves the banner: a console that connects now is not shown it again.
    expect((await alertsToReplay(suite.database.db)).map((a) => a.alert.id)).not.toContain(fired.id);
    expect((await announced()).map((e) => [e.type, e.data.alertId])).toEqual([
      ['alert.fired', fired.id],
      ['alert.resolved', fired.id],
    ]);
    expect(smtp.received.at(-1)!.raw).toMatch(/^Subject: \[RESOLVED\] API p95 above 500 ms/m);
    expect(smtp.received).toHaveLength(2);

    // Acknowledging a resolved alert does not reopen it.
    const late = await call(suite.app, {
      method: 'POST',
      url: `/alerts/${fired.id}/acknowledge`,
      headers: admin(),
      payload: { comment: 'Too late' },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe(
      'This alert is already resolved: acknowledging or suppressing it would not reopen it',
    );
    expect((await listAlerts()).alerts.find((a) => a.id === fired.id)!.status).toBe('resolved');
    const stats = (await listAlerts()).stats;
    expect(stats.resolved).toBeGreaterThanOrEqual(1);
    expect(stats.avgResolutionTime).toBeGreaterThan(0);

    const rules = (await call(suite.app, { method: 'GET', url: '/alert-rules', headers: admin() })).body
      .data as AlertRule[];
    expect(rules.find((r) => r.id === rule.id)).toMatchObject({ triggerCount: 1 });
    await deleteRule(rule.id);
  });

  it('needs a comment to acknowledge, and alerts.update to change an alert', async () => {
    const { alert } = await suite.app.alerting.raise({
      title: 'Restore test failed',
      description: 'The nightly restore test failed',
      severity: 'critical',
      category: 'technical',
      source: 'Backups',
    });
    const empty = await call(suite.app, {
      method: 'POST',
      url: `/alerts/${alert.id}/acknowledge`,
      headers: admin(),
      payload: { comment: ' ' },
    });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Add a comment to acknowledge the alert');
    const reader = await call(suite.app, {
      method: 'POST',
      url: `/alerts/${alert.id}/resolve`,
      headers: bearer(suite.f.platformReader.token),
      payload: {},
    });
    expect(reader.status).toBe(403);
    const listed = (await listAlerts()).alerts.find((a) => a.id === alert.id)!;
    expect(listed).toMatchObject({ status: 'active', source: 'Backups', ruleId: null });
    const assigned = await call(suite.app, {
      method: 'POST',
      url: `/alerts/${alert.id}/assign`,
      headers: admin(),
      payload: { userId: suite.f.platformAdmin.id },
    });
    expect(assigned.status).toBe(200);
    expect((assigned.body.data as Alert).assignedTo).toBeTruthy();
    const resolved = await call(suite.app, {
      method: 'POST',
      url: `/alerts/${alert.id}/resolve`,
      headers: admin(),
      payload: { comment: 'Restored by hand' },
    });
    expect((resolved.body.data as Alert).status).toBe('resolved');
  });

  it('evaluates an interval once across two instances', async () => {
    const rule = await createRule(
      latencyRule({
        name: 'Any traffic',
        metric: 'request_rate',
        pendingSeconds: 0,
        condition: { operator: '>=', threshold: 0, aggregation: 'sum', timeWindow: '5m' },
      }),
    );
    const other = await buildTestApp(suite.database, suite.clock, config);
    try {
      suite.clock.advance(MINUTE);
      const now = suite.clock.now();
      const results = await Promise.all([suite.app.alerting.evaluate(now), other.alerting.evaluate(now)]);
      expect(results.map((r) => r.claimed).sort()).toEqual([false, true]);
      const fired = (await listAlerts()).alerts.filter((a) => a.ruleId === rule.id);
      expect(fired).toHaveLength(1);
    } finally {
      await other.close();
      await deleteRule(rule.id);
    }
  });

  it('posts webhook notifications to a loopback sink, and records a failed delivery', async () => {
    const rule = await createRule(
      latencyRule({
        name: 'Traffic hook',
        metric: 'request_rate',
        pendingSeconds: 0,
        condition: { operator: '>=', threshold: 0, aggregation: 'sum', timeWindow: '5m' },
        notifications: [{ type: 'webhook', target: hookUrl() }],
      }),
    );
    suite.clock.advance(MINUTE);
    await evaluate();
    suite.clock.advance(MINUTE);
    await evaluate();
    expect(hooks.at(-1)?.body).toMatchObject({
      event: 'alert.fired',
      rule: { id: rule.id, name: 'Traffic hook', severity: 'high' },
      alerts: [{ title: 'Traffic hook', status: 'active' }],
    });
    const sent = await suite.database.db
      .select()
      .from(alertNotifications)
      .where(eq(alertNotifications.ruleId, rule.id));
    expect(sent).toMatchObject([{ channel: 'webhook', kind: 'firing', outcome: 'sent' }]);

    const test = await call(suite.app, {
      method: 'POST',
      url: '/alert-channels/test',
      headers: admin(),
      payload: { type: 'email', target: 'check@test.example' },
    });
    expect(test.body.data).toEqual({ sent: true, message: 'Test notification sent to check@test.example' });
    expect(smtp.received.at(-1)!.to).toEqual(['check@test.example']);

    hookStatus = 503;
    const failed = await call(suite.app, {
      method: 'POST',
      url: '/alert-channels/test',
      headers: admin(),
      payload: { type: 'webhook', target: hookUrl() },
    });
    expect(failed.body.data).toEqual({ sent: false, message: 'The webhook answered HTTP 503.' });
    // An address on a private network is refused at connect time (the webhook deliveries' SSRF guard).
    const privateHook = await call(suite.app, {
      method: 'POST',
      url: '/alert-channels/test',
      headers: admin(),
      payload: { type: 'webhook', target: 'http://192.168.1.10/hook' },
    });
    expect(privateHook.body.data).toEqual({
      sent: false,
      message: expect.stringMatching(/could not be reached: The address is not allowed/),
    });
    hookStatus = 200;
    await deleteRule(rule.id);
  });
});
