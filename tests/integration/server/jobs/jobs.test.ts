/**
 * The job runner (pg-boss) on PGlite and on PostgreSQL, two runner instances on one database (on
 * PostgreSQL each with its own pool): a job runs once, a failing job is retried with growing delays and
 * then left failed (the dead letter) with its error in the overview, the concurrency limit and the
 * singleton policy hold across instances, and a timezone-aware cron schedule fires on pg-boss's test
 * clock, which moves the JavaScript timers and the database's `now()` together.
 */
import { sql } from 'drizzle-orm';
import { TestClock } from 'pg-boss';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jobQueuesOverview } from '../../../../server/jobs/overview';
import {
  JOBS_SCHEMA,
  createJobRunner,
  type JobRunner,
  type JobRunnerOptions,
} from '../../../../server/jobs/runner';
import { testDatabases } from '../../../support/databases';
import { useServerSuite } from '../../../support/suite';

const quiet = { error: () => undefined, warn: () => undefined };
const payload = z.object({ n: z.number() });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabases)('job runner on $name', (target) => {
  // One database for the suite: each test has queues of its own.
  const suite = useServerSuite(target, { app: false });
  let runners: JobRunner[];
  beforeEach(() => {
    runners = [];
  });
  afterEach(async () => {
    for (const runner of runners) await runner.stop(1);
  });

  const runner = (options: Partial<JobRunnerOptions> = {}) => {
    const created = createJobRunner({ database: suite.database, logger: quiet, ...options });
    runners.push(created);
    return created;
  };

  async function jobRows(queue: string) {
    const result = (await suite.database.db.execute(
      sql`select state::text, retry_count from ${sql.identifier(JOBS_SCHEMA)}.job
          where name = ${queue} order by created_on`,
    )) as { rows: { state: string; retry_count: number }[] };
    return result.rows;
  }

  it('runs each job exactly once with two instances', { timeout: 60_000 }, async () => {
    const handled: { id: string; n: number; by: string }[] = [];
    const [a, b] = [runner(), runner()];
    for (const [name, instance] of [
      ['a', a],
      ['b', b],
    ] as const) {
      await instance.define(
        'once',
        async (data, job) => {
          handled.push({ id: job.id, n: data.n, by: name });
          await sleep(5);
        },
        { data: payload, concurrency: 3, pollingIntervalSeconds: 0.5 },
      );
    }
    await a.start();
    await b.start();
    for (let n = 0; n < 30; n++) await a.send('once', { n });

    await vi.waitFor(() => expect(handled).toHaveLength(30), { timeout: 30_000, interval: 100 });
    await sleep(1_500); // a second claim would land within a poll or two
    expect(handled).toHaveLength(30);
    expect(new Set(handled.map((h) => h.id)).size).toBe(30);
    expect(handled.map((h) => h.n).sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
    expect((await jobRows('once')).every((row) => row.state === 'completed')).toBe(true);
  });

  it(
    'an idle queue is woken by a job sent to it, and a delayed one when it is due, not by its slow poll',
    { timeout: 60_000 },
    async () => {
      const handled: { n: number; at: number }[] = [];
      const instance = runner();
      // No polling interval of its own: while notifications work, it looks by itself only every 15 s.
      await instance.define('woken', async (data) => void handled.push({ n: data.n, at: Date.now() }), {
        data: payload,
      });
      await instance.start();
      const sent = Date.now();
      await instance.send('woken', { n: 1 });
      await vi.waitFor(() => expect(handled).toHaveLength(1), { timeout: 10_000, interval: 50 });
      const delayed = Date.now();
      await instance.send('woken', { n: 2 }, { startAfterSeconds: 2 });
      await vi.waitFor(() => expect(handled).toHaveLength(2), { timeout: 10_000, interval: 50 });
      // Woken, not polled: well inside the 15 s between its own looks, and not before its time.
      expect(handled[0]!.at - sent).toBeLessThan(10_000);
      expect(handled[1]!.at - delayed).toBeGreaterThanOrEqual(2_000);
    },
  );

  it(
    'retries a failing job with growing delays, then leaves it failed with its error',
    { timeout: 60_000 },
    async () => {
      const attempts: number[] = [];
      const jobs = runner();
      await jobs.define(
        'flaky',
        async (_data, job) => {
          attempts.push(Date.now());
          throw new Error(`gateway refused (attempt ${job.retryCount + 1})`);
        },
        { data: payload, retries: 2, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 },
      );
      await jobs.start();
      await jobs.send('flaky', { n: 1 });

      await vi.waitFor(async () => expect((await jobRows('flaky'))[0]?.state).toBe('failed'), {
        timeout: 30_000,
        interval: 200,
      });
      expect(attempts).toHaveLength(3);
      const [first = 0, second = 0, third = 0] = attempts;
      // retryDelay × 2^n with jitter: 1-2 s before the second attempt, 2-4 s before the third.
      expect(second - first).toBeGreaterThanOrEqual(900);
      expect(third - second).toBeGreaterThanOrEqual(1_900);
      expect((await jobRows('flaky'))[0]?.retry_count).toBe(2);

      const [queue] = (await jobQueuesOverview(suite.database.db)).filter((q) => q.name === 'flaky');
      expect(queue?.counts).toMatchObject({ failed: 1, completed: 0, active: 0 });
      expect(queue?.recentFailures).toEqual([
        expect.objectContaining({ retries: 2, error: 'gateway refused (attempt 3)' }),
      ]);
    },
  );

  it(
    'holds the concurrency limit, and one at a time on a singleton queue across instances',
    { timeout: 60_000 },
    async () => {
      const running = { limited: 0, single: 0 };
      const peak = { limited: 0, single: 0 };
      const done = { limited: 0, single: 0 };
      const track = (queue: 'limited' | 'single') => async () => {
        running[queue]++;
        peak[queue] = Math.max(peak[queue], running[queue]);
        await sleep(150);
        running[queue]--;
        done[queue]++;
      };
      const [a, b] = [runner(), runner()];
      await a.define('limited', track('limited'), {
        data: payload,
        concurrency: 2,
        pollingIntervalSeconds: 0.5,
      });
      for (const instance of [a, b]) {
        await instance.define('single', track('single'), {
          data: payload,
          policy: 'singleton',
          concurrency: 3,
          pollingIntervalSeconds: 0.5,
        });
      }
      await a.start();
      await b.start();
      for (let n = 0; n < 8; n++) await a.send('limited', { n });
      for (let n = 0; n < 5; n++) await a.send('single', { n });

      await vi.waitFor(() => expect(done).toEqual({ limited: 8, single: 5 }), {
        timeout: 30_000,
        interval: 100,
      });
      expect(peak).toEqual({ limited: 2, single: 1 });
    },
  );

  it('drops a second job of a stately queue while one waits', async () => {
    const jobs = runner({ work: false });
    await jobs.define('stately', async () => undefined, { data: payload, policy: 'stately' });
    await jobs.start();
    expect(await jobs.send('stately', { n: 1 })).toEqual(expect.any(String));
    expect(await jobs.send('stately', { n: 2 })).toBeNull();
  });

  it('refuses a payload its schema refuses, and a queue defined twice', async () => {
    const jobs = runner({ work: false });
    await jobs.define('checked', async () => undefined, { data: payload });
    await expect(jobs.define('checked', async () => undefined, { data: payload })).rejects.toThrow(
      'job queue checked is defined twice',
    );
    await jobs.start();
    await expect(jobs.send('checked', { n: 'one' } as never)).rejects.toThrow();
    expect(await jobRows('checked')).toEqual([]);
  });

  it(
    'fails a job whose stored payload no longer fits its schema, with the reason',
    { timeout: 60_000 },
    async () => {
      const sender = runner({ work: false });
      await sender.start();
      await sender.boss.createQueue('reshaped', { retryLimit: 0 });
      await sender.boss.send('reshaped', { n: 'an older shape' });
      const handled: unknown[] = [];
      const jobs = runner();
      await jobs.define('reshaped', async (data) => void handled.push(data), {
        data: payload,
        retries: 0,
        pollingIntervalSeconds: 0.5,
      });
      await jobs.start();
      await vi.waitFor(async () => expect((await jobRows('reshaped'))[0]?.state).toBe('failed'), {
        timeout: 30_000,
        interval: 200,
      });
      expect(handled).toEqual([]);
      const [queue] = (await jobQueuesOverview(suite.database.db)).filter((q) => q.name === 'reshaped');
      expect(queue?.recentFailures[0]?.error).toMatch(/expected number/i);
    },
  );

  it('fires a cron schedule at 09:00 in its time zone, on a test clock', { timeout: 60_000 }, async () => {
    // 13:58 UTC on a winter day is 08:58 in New York (UTC−5): the 09:00 run is two minutes away.
    const clock = new TestClock(Date.parse('2026-01-15T13:58:00Z'));
    const fired: string[] = [];
    // A database of its own: pg-boss records its last cron pass in database time, and the other tests'
    // runners, on real time, would have put that pass in this clock's future.
    const own = await target.open();
    const jobs = createJobRunner({ database: own, logger: quiet, clock, cronIntervalSeconds: 30 });
    await jobs.define(
      'morning-report',
      async () => {
        fired.push(new Date(clock.now()).toISOString());
      },
      // The cron pass's NOTIFY wakes the worker; few polls keep the ticks cheap.
      { data: payload, pollingIntervalSeconds: 30 },
    );
    await jobs.schedule('morning-report', '0 9 * * *', 'America/New_York', { n: 9 });
    await jobs.start();
    try {
      await clock.tick(60_000);
      expect(fired).toEqual([]);
      await clock.tick(3 * 60_000);
      await vi.waitFor(() => expect(fired).toHaveLength(1), { timeout: 5_000 });
      const firedAt = Date.parse(fired[0] ?? '');
      expect(firedAt).toBeGreaterThanOrEqual(Date.parse('2026-01-15T14:00:00Z'));
      expect(firedAt).toBeLessThan(Date.parse('2026-01-15T14:02:00Z'));
    } finally {
      await jobs.stop(1);
      await own.close();
    }
  });
});
