/**
 * The alert banner's stream on a real server on loopback: replay of the newest alerts, live alerts fanned
 * out through LISTEN/NOTIFY to every instance on the database, resumption after Last-Event-ID, and the
 * refusals of the contract.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BANNER, DEMO_ALERTS, streamedAlert, type StreamedAlert } from '../../../../shared/alerts';
import { ERRORS, formatError } from '../../../../shared/errors';
import { TestClock } from 'pg-boss';
import { buildApp } from '../../../../server/app';
import { DEMO_ALERTS_QUEUE, SEEDED_DEMO_ALERTS } from '../../../../server/alerts/demo';
import { createAlertHub } from '../../../../server/alerts/hub';
import type { NewAlert } from '../../../../server/alerts/store';
import { jobQueuesOverview } from '../../../../server/jobs/overview';
import { createJobRunner } from '../../../../server/jobs/runner';
import { createLogger } from '../../../../server/logger';
import { testDatabases } from '../../../support/databases';
import { TEST_SECRET_KEY, TEST_SHEDDING, buildTestApp, insertUser, tokenFor } from '../../../support/server';
import { openSse, type SseReader } from '../../../support/sse';
import { useServerSuite } from '../../../support/suite';

const sample = (n: number): NewAlert => ({
  title: `Alert ${n}`,
  message: `Message ${n}`,
  type: 'info',
  priority: 'low',
  category: 'business',
  metadata: { value: n },
});

describe.each(testDatabases)('alert stream on $name', (target) => {
  const suite = useServerSuite(target, { app: false });
  const { clock } = suite;
  const apps: FastifyInstance[] = [];
  const readers: SseReader[] = [];
  let admin: string;
  let director: string;

  async function listening(): Promise<string> {
    const app = await buildTestApp(suite.database, clock);
    apps.push(app);
    return app.listen({ host: '127.0.0.1', port: 0 });
  }
  async function stream(base: string, token: string, headers: Record<string, string> = {}) {
    const reader = await openSse(`${base}/alerts/stream`, { authorization: `Bearer ${token}`, ...headers });
    readers.push(reader);
    return reader;
  }
  const parsed = (reader: SseReader) => reader.events.map((e) => streamedAlert.parse(JSON.parse(e.data)));

  beforeAll(async () => {
    admin = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'super_admin')).id);
    director = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'center_admin')).id);
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) reader.close();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('replays the newest alerts oldest first, then streams new ones to every instance', async () => {
    const hub = await createAlertHub(suite.database, clock.now, createLogger({ level: 'silent' }));
    try {
      for (let n = 1; n <= BANNER.maxKept + 5; n++) {
        clock.advance(1_000);
        await hub.publish(sample(n));
      }
      const [first, second] = [await listening(), await listening()];
      const one = await stream(first, admin);
      const two = await stream(second, admin);
      expect(one.status).toBe(200);
      expect(one.headers.get('content-type')).toMatch(/^text\/event-stream/);

      const replay = await one.waitFor(BANNER.maxKept);
      expect(replay.every((e) => e.event === 'recent')).toBe(true);
      expect(parsed(one).map((a) => a.title)).toEqual(
        Array.from({ length: BANNER.maxKept }, (_, i) => `Alert ${i + 6}`),
      );
      await two.waitFor(BANNER.maxKept);

      // Stored through a third connection: both instances hear of it through NOTIFY.
      const published = await hub.publish({ ...sample(99), priority: 'critical', type: 'security' });
      const [live] = (await one.waitFor(BANNER.maxKept + 1)).slice(-1);
      expect(live?.event).toBe('alert');
      expect(live?.id).toBe(String(published.seq));
      const alert: StreamedAlert = streamedAlert.parse(JSON.parse(live?.data ?? ''));
      expect(alert).toEqual(published.alert);
      expect(alert.timestamp).toBe(new Date(clock.now()).toISOString());
      expect((await two.waitFor(BANNER.maxKept + 1)).at(-1)?.id).toBe(String(published.seq));
    } finally {
      await hub.close();
    }
  });

  it('resumes after Last-Event-ID with what the client missed', async () => {
    const base = await listening();
    const first = await stream(base, admin);
    const replayed = await first.waitFor(BANNER.maxKept);
    const lastSeen = Number(replayed.at(-1)?.id);
    first.close();

    const hub = await createAlertHub(suite.database, clock.now, createLogger({ level: 'silent' }));
    await hub.publish(sample(200));
    await hub.publish(sample(201));
    await hub.close();
    const resumed = await stream(base, admin, { 'last-event-id': String(lastSeen) });
    // Waits a moment longer than the replay: anything else would have come with it.
    await resumed.waitFor(2);
    expect(parsed(resumed).map((a) => a.title)).toEqual(['Alert 200', 'Alert 201']);
    expect(resumed.events.map((e) => Number(e.id))).toEqual([lastSeen + 1, lastSeen + 2]);
  });

  it('refuses a caller without a token, and a role without alerts.read', async () => {
    const base = await listening();
    const anonymous = await fetch(`${base}/alerts/stream`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, error: ERRORS.authRequired });

    const refused = await fetch(`${base}/alerts/stream`, {
      headers: { authorization: `Bearer ${director}` },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      success: false,
      error: formatError(ERRORS.forbidden, { permission: 'alerts.read' }),
    });
  });

  it('in demo mode, the first stream starts the demonstration alerts, stored and streamed', async () => {
    const demoDatabase = await target.open();
    // The demonstration is a chain of jobs: pg-boss's test clock moves its time.
    const jobClock = new TestClock();
    const logger = createLogger({ level: 'silent' });
    const jobs = createJobRunner({ database: demoDatabase, logger, clock: jobClock });
    const app = await buildApp({
      secretKey: TEST_SECRET_KEY,
      database: demoDatabase,
      config: { now: clock.now, demoAlerts: true, random: () => 0.99, shedding: TEST_SHEDDING },
      logger,
      jobs,
    });
    await jobs.start();
    const waiting = async () =>
      (await jobQueuesOverview(demoDatabase.db)).find((q) => q.name === DEMO_ALERTS_QUEUE)?.counts.created;
    try {
      const base = await app.listen({ host: '127.0.0.1', port: 0 });
      const token = await tokenFor(demoDatabase, clock, (await insertUser(demoDatabase, 'super_admin')).id);
      expect(await waiting()).toBe(0);
      const reader = await stream(base, token);
      await reader.waitFor(1);
      expect(parsed(reader).map((a) => a.title)).toEqual([SEEDED_DEMO_ALERTS[0]?.title]);
      await jobClock.tick(DEMO_ALERTS.seededIntervalMs);
      await reader.waitFor(2);
      expect(reader.events.map((e) => e.event)).toEqual(['alert', 'alert']);
      expect(parsed(reader).map((a) => a.title)).toEqual(SEEDED_DEMO_ALERTS.slice(0, 2).map((a) => a.title));
      // A second console gets them replayed, and does not start a second demonstration.
      const late = await stream(base, token);
      await late.waitFor(2);
      expect(late.events.map((e) => e.event)).toEqual(['recent', 'recent']);
      expect(await waiting()).toBe(1);
    } finally {
      await jobs.stop(1);
      await app.close();
      await demoDatabase.close();
    }
  });

  it('ends its open streams when the server closes', async () => {
    const app = await buildTestApp(suite.database, clock);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const reader = await stream(base, admin);
    await reader.waitFor(1);
    await app.close();
    await reader.ended;
  });
});

// PGlite's LISTEN lives in its own process: only PostgreSQL has a connection to lose.
describe.each(testDatabases.filter((t) => t.name === 'postgres'))('LISTEN on $name', (target) => {
  const suite = useServerSuite(target, { app: false });

  it('listens again after its connection was lost', async () => {
    const heard: string[] = [];
    const stop = await suite.database.listen('relisten_test', (payload) => heard.push(payload));
    try {
      await suite.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
            where datname = current_database() and query ilike 'listen "relisten_test"%'`,
      );
      await vi.waitFor(
        async () => {
          await suite.database.db.execute(sql`select pg_notify('relisten_test', 'back')`);
          expect(heard).toContain('back');
        },
        { timeout: 10_000, interval: 300 },
      );
    } finally {
      await stop();
    }
  });
});
