/**
 * The monitoring signals on a real database: requests recorded by the hook with their route template and
 * flushed as minute roll-ups, minutes rolled into hours (histograms merged in SQL), retention, two
 * instances merged on the screens, the probes flipping status, the endpoints' access and bad input.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiPerformance, SystemHealth } from '../../../../shared/api/monitoring';
import { buildApp } from '../../../../server/app';
import { auditLogs, requestRollups, serviceProbes } from '../../../../server/db/schema';
import { createJobRunner } from '../../../../server/jobs/runner';
import { createLogger } from '../../../../server/logger';
import { flushRequests } from '../../../../server/monitoring/flush';
import { fromArrays, quantile } from '../../../../server/monitoring/histogram';
import {
  createProcessSampler,
  instanceIdentity,
  registerInstance,
} from '../../../../server/monitoring/instance';
import { PROBES, runProbes } from '../../../../server/monitoring/probes';
import { createRequestRecorder, UNMATCHED_ROUTE } from '../../../../server/monitoring/recorder';
import { purgeSignals, rollUpHours } from '../../../../server/monitoring/rollup';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, tokenFor, TEST_SECRET_KEY, TEST_SHEDDING } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

describe.each(testDatabases)('monitoring signals on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const { clock } = suite;
  const recorder = createRequestRecorder();
  let app: FastifyInstance;
  let owner: string;
  let director: string;

  beforeAll(async () => {
    app = await buildApp({
      secretKey: TEST_SECRET_KEY,
      database: suite.database,
      config: { now: clock.now, shedding: TEST_SHEDDING },
      logger: createLogger({ level: 'silent' }),
      requestRecorder: recorder,
    });
    owner = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'app_owner')).id);
    director = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'center_admin')).id);
    await registerInstance(suite.database.db, { ...instanceIdentity('1.0.0', clock.now()), id: 'a' });
    await registerInstance(suite.database.db, {
      ...instanceIdentity('1.0.0', clock.now()),
      id: 'b',
      region: 'eu-west-1',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const rollupRows = (instanceId: string) =>
    suite.database.db.select().from(requestRollups).where(eq(requestRollups.instanceId, instanceId));

  it('records the route template, method, status and organization, never the raw URL', async () => {
    await app.inject({ method: 'GET', url: '/auth/test' });
    await app.inject({ method: 'GET', url: '/auth/test' });
    await app.inject({ method: 'GET', url: '/no/such/page?token=secret' });
    await app.inject({
      method: 'GET',
      url: '/organizations/5f0c3c0e-0000-4000-8000-000000000001/members',
      headers: bearer(owner),
    });
    expect(await flushRequests(suite.database.db, recorder, 'a')).toBeGreaterThan(0);
    const rows = await rollupRows('a');
    const routes = rows.map((r) => `${r.method} ${r.route} ${r.organizationId}`).sort();
    expect(routes).toEqual(
      [
        'GET /auth/test ',
        'GET /organizations/:id/members 5f0c3c0e-0000-4000-8000-000000000001',
        `GET ${UNMATCHED_ROUTE} `,
      ].sort(),
    );
    const health = rows.find((r) => r.route === '/auth/test')!;
    expect(health).toMatchObject({ resolution: 'minute', requests: 2, errors: 0, satisfied: 2 });
    expect(health.latencyCounts.reduce((a, b) => a + b, 0)).toBe(2);
    const unmatched = rows.find((r) => r.route === UNMATCHED_ROUTE)!;
    expect(unmatched).toMatchObject({ errors: 1, statusCounts: { '404': 1 } });
    expect(JSON.stringify(rows)).not.toContain('secret');
  });

  it('adds a minute flushed twice to the same row (counts summed, histograms merged)', async () => {
    recorder.add({
      at: clock.now(),
      route: '/x',
      method: 'GET',
      status: 200,
      durationMs: 10,
      organizationId: '',
    });
    await flushRequests(suite.database.db, recorder, 'a');
    recorder.add({
      at: clock.now(),
      route: '/x',
      method: 'GET',
      status: 500,
      durationMs: 900,
      organizationId: '',
      error: 'database connection timeout for admin@demo.example',
    });
    recorder.add({
      at: clock.now(),
      route: '/x',
      method: 'GET',
      status: 200,
      durationMs: 10,
      organizationId: '',
    });
    await flushRequests(suite.database.db, recorder, 'a');
    const [row] = (await rollupRows('a')).filter((r) => r.route === '/x');
    expect(row).toMatchObject({
      requests: 3,
      errors: 1,
      statusCounts: { '500': 1 },
      satisfied: 2,
      tolerating: 0,
    });
    const histogram = fromArrays(row!.latencyBuckets, row!.latencyCounts);
    expect([...histogram.values()].reduce((a, b) => a + b, 0)).toBe(3);
    expect(quantile(histogram, 1)! / 900).toBeCloseTo(1, 1);
  });

  it('merges two instances on API Performance and keeps redacted error examples', async () => {
    const other = createRequestRecorder();
    for (let i = 0; i < 8; i++) {
      other.add({
        at: clock.now(),
        route: '/x',
        method: 'GET',
        status: i < 2 ? 503 : 200,
        durationMs: 100 + i,
        organizationId: '',
        error: 'Bearer abc.def overloaded',
      });
    }
    await flushRequests(suite.database.db, other, 'b');
    const answer = await call(app, {
      method: 'GET',
      url: '/monitoring/api-performance?range=1h',
      headers: bearer(owner),
    });
    expect(answer.status).toBe(200);
    const data = answer.body.data as ApiPerformance;
    const x = data.endpoints.find((e) => e.route === '/x')!;
    expect(x).toMatchObject({ requests: 11, errorRate: 27.27, status: 'critical' });
    expect(data.regions.map((r) => r.region).sort()).toEqual(['eu-west-1', 'local'].sort());
    const e500 = data.errors.find((e) => e.status === 500)!;
    expect(e500.examples[0]!.message).toBe('database connection timeout for [email]');
    expect(data.errors.find((e) => e.status === 503)!.examples[0]!.message).toBe(
      'Bearer [redacted] overloaded',
    );
    expect(data.trend).toHaveLength(60);
    expect(x.sparkline).toHaveLength(10);
    expect(x.sparkline.at(-1)).not.toBeNull();
  });

  it('rolls minutes into hours, merged per bucket, and a rerun changes nothing', async () => {
    const db = suite.database.db;
    const before = await call(app, {
      method: 'GET',
      url: '/monitoring/api-performance?range=7d',
      headers: bearer(owner),
    });
    clock.advance(HOUR + 5 * MINUTE);
    expect(await rollUpHours(db, clock.now())).toBeGreaterThan(0);
    const hours = await db.select().from(requestRollups).where(eq(requestRollups.resolution, 'hour'));
    const x = hours.filter((h) => h.route === '/x');
    expect(x.map((h) => h.requests).sort()).toEqual([3, 8]);
    await rollUpHours(db, clock.now());
    const again = await db.select().from(requestRollups).where(eq(requestRollups.resolution, 'hour'));
    expect(again).toHaveLength(hours.length);
    const after = await call(app, {
      method: 'GET',
      url: '/monitoring/api-performance?range=7d',
      headers: bearer(owner),
    });
    const endpoints = (a: typeof after) =>
      (a.body.data as ApiPerformance).endpoints.map(({ sparkline: _s, ...rest }) => rest);
    expect(endpoints(after)).toEqual(endpoints(before));
    expect((after.body.data as ApiPerformance).latency).toEqual((before.body.data as ApiPerformance).latency);
  });

  it('samples the process as the heartbeat; an instance silent for 3 intervals is offline', async () => {
    const db = suite.database.db;
    const identity = { ...instanceIdentity('1.0.0', clock.now()), id: 'c' };
    await registerInstance(db, identity);
    const sampler = createProcessSampler({
      db,
      identity,
      dataFolder: process.cwd(),
      now: clock.now,
      openConnections: async () => 2,
    });
    await sampler.sample();
    sampler.stop();
    const health = async () =>
      (await call(app, { method: 'GET', url: '/monitoring/system-health', headers: bearer(owner) })).body
        .data as SystemHealth;
    const c = (h: SystemHealth) => h.instances.find((i) => i.id === 'c')!;
    let h = await health();
    expect(c(h)).toMatchObject({ status: 'online', openConnections: 2 });
    expect(c(h).load).not.toBeNull();
    expect(h.kpis.systemLoad).not.toBeNull();
    expect(h.performance.at(-1)!.disk).toBeGreaterThan(0);
    clock.advance(3 * MINUTE + 1);
    h = await health();
    expect(c(h).status).toBe('offline');
  });

  it('probes flip the job runner from down to healthy, and uptime counts the history', async () => {
    const db = suite.database.db;
    const echo = async () => 3;
    const ctx = { database: suite.database, dataFolder: process.cwd(), echo };
    const first = await runProbes(ctx, 'a', clock.now());
    expect(first.find((p) => p.service === 'job-runner')!.status).toBe('down');
    expect(first.find((p) => p.service === 'database')!.status).not.toBe('down');
    const jobs = createJobRunner({
      database: suite.database,
      logger: createLogger({ level: 'silent' }),
      work: false,
    });
    await jobs.start();
    try {
      clock.advance(30_000);
      const second = await runProbes(ctx, 'a', clock.now());
      expect(second.find((p) => p.service === 'job-runner')!.status).toBe('healthy');
    } finally {
      await jobs.stop(0);
    }
    const lost = await runProbes({ ...ctx, echo: async () => null }, 'a', clock.now() + 30_000);
    expect(lost.find((p) => p.service === 'event-stream')!.status).toBe('down');
    clock.advance(30_000);
    const cards = (
      (await call(app, { method: 'GET', url: '/monitoring/system-health', headers: bearer(owner) })).body
        .data as SystemHealth
    ).services;
    expect(cards.map((s) => s.service)).toEqual(PROBES.map((p) => p.service));
    const jobCard = cards.find((s) => s.service === 'job-runner')!;
    expect(jobCard).toMatchObject({ status: 'healthy', uptimePercent: 66.67 });
    expect(cards.find((s) => s.service === 'event-stream')!.status).toBe('down');
    const stored = await db.select().from(serviceProbes);
    expect(stored.length).toBe(PROBES.length * 3);
  });

  it('refuses ranges outside the listed values with a 400, and callers without system.view_health', async () => {
    const bad = await call(app, {
      method: 'GET',
      url: '/monitoring/api-performance?range=2d',
      headers: bearer(owner),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('range');
    const badReport = await call(app, {
      method: 'POST',
      url: '/monitoring/api-performance/report',
      headers: bearer(owner),
      payload: { range: '30d', format: 'csv' },
    });
    expect(badReport.status).toBe(400);
    const denied = await call(app, {
      method: 'GET',
      url: '/monitoring/system-health',
      headers: bearer(director),
    });
    expect(denied.status).toBe(403);
    const summary = await call(app, {
      method: 'GET',
      url: '/monitoring/services',
      headers: bearer(director),
    });
    expect(summary.status).toBe(200);
  });

  it('exports the endpoint table as CSV and JSON, audited', async () => {
    recorder.add({
      at: clock.now(),
      route: '/y',
      method: 'POST',
      status: 201,
      durationMs: 42,
      organizationId: '',
    });
    await flushRequests(suite.database.db, recorder, 'a');
    const csv = await call(app, {
      method: 'POST',
      url: '/monitoring/api-performance/report',
      headers: bearer(owner),
      payload: { range: '1h', format: 'csv' },
    });
    expect(csv.status).toBe(200);
    const body = csv.body.data as { fileName: string; content: string };
    expect(body.fileName).toBe('api-performance-1h.csv');
    expect(body.content.split('\r\n')[0]).toBe(
      'method,endpoint,requests,averageMs,p95Ms,errorRate,apdex,status',
    );
    expect(body.content).toContain('POST,/y,1,42,');
    const json = await call(app, {
      method: 'POST',
      url: '/monitoring/api-performance/report',
      headers: bearer(owner),
      payload: { range: '1h', format: 'json' },
    });
    const parsed = JSON.parse((json.body.data as { content: string }).content) as {
      endpoints: { route: string; requests: number }[];
    };
    expect(parsed.endpoints.find((e) => e.route === '/y')).toMatchObject({ requests: 1 });
    const records = await suite.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.resource, 'api_performance'));
    // The refused report of the bad-input test is on the trail too, as a failure.
    expect(records.filter((r) => r.status === 'success')).toHaveLength(2);
    expect(records.filter((r) => r.status === 'failure')).toHaveLength(1);
    expect(records[0]).toMatchObject({ action: 'EXPORT' });
  });

  it('removes minutes after 30 days and hours after a year, a day or a month at a time', async () => {
    const db = suite.database.db;
    clock.advance(31 * DAY);
    const removed = await purgeSignals(db, clock.now());
    const minutes = removed.partitions.request_rollups_minute!;
    const hours = removed.partitions.request_rollups_hour!;
    // The minutes' day partitions dropped whole, or their rows deleted where the clock wrote them outside
    // the partitions made (the DEFAULT partition).
    expect(minutes.dropped + minutes.deleted).toBeGreaterThan(0);
    expect(hours.dropped + hours.deleted).toBe(0);
    expect(
      await db.select().from(requestRollups).where(eq(requestRollups.resolution, 'minute')),
    ).toHaveLength(0);
    // The first purge gave the hours their month's partition: it goes once the whole month is a year old.
    clock.advance(335 * DAY);
    await purgeSignals(db, clock.now());
    expect(await db.select().from(requestRollups)).not.toHaveLength(0);
    clock.advance(30 * DAY);
    const later = await purgeSignals(db, clock.now());
    expect(later.partitions.request_rollups_hour!.dropped).toBeGreaterThan(0);
    expect(await db.select().from(requestRollups)).toHaveLength(0);
  });
});
