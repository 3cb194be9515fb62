/**
 * The job runner (pg-boss): throughput (a backlog of JOBS drained by one instance), pickup latency (send →
 * handler start on an idle queue), on PGlite and, when TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a
 * PostgreSQL server, on PostgreSQL; and a simple authenticated route's p95 on the embedded setup (PGlite,
 * requests and jobs on one event loop and one connection) with and without a busy queue.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { createJobRunner } from '../server/jobs/runner';
import { createLogger } from '../server/logger';
import { startServer } from '../server/start';
import { createClock, insertUser, tokenFor } from '../tests/support/server';
import { onEachDatabase } from './databases';
import type { BenchResult } from './run';

const JOBS = 1_000;
const CONCURRENCY = 4;
const PICKUPS = 50;
const REQUEST_SECONDS = 10;
const CONNECTIONS = 4;

const logger = createLogger({ level: 'silent' });
const payload = z.object({ n: z.number() });
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

export async function measureJobRunner(): Promise<BenchResult[]> {
  const results = await onEachDatabase(measureOn);
  results.push(...(await measureRequestsBesideJobs()));
  return results;
}

async function measureOn(label: string, database: Database): Promise<BenchResult[]> {
  // The backlog is queued by an instance that runs nothing, so only the draining is timed.
  const sender = createJobRunner({ database, logger, work: false });
  const jobs = createJobRunner({ database, logger });
  try {
    await migrateDatabase(database);
    const idle = async () => undefined;
    await sender.define('bench-throughput', idle, { data: payload });
    await sender.start();
    await sender.boss.insert(
      'bench-throughput',
      Array.from({ length: JOBS }, (_, n) => ({ data: { n } })),
    );

    let done = 0;
    let drained: () => void = () => undefined;
    const allDone = new Promise<void>((resolve) => (drained = resolve));
    await jobs.define(
      'bench-throughput',
      async () => {
        if (++done === JOBS) drained();
      },
      { data: payload, concurrency: CONCURRENCY },
    );
    const pickups: number[] = [];
    let sentAt = 0;
    let picked: () => void = () => undefined;
    await jobs.define(
      'bench-pickup',
      async () => {
        pickups.push(performance.now() - sentAt);
        picked();
      },
      { data: payload },
    );
    const started = performance.now();
    await jobs.start();
    await allDone;
    const perSecond = JOBS / ((performance.now() - started) / 1000);

    // Pickup: one job at a time on an idle queue, each woken by its NOTIFY.
    for (let n = 0; n < PICKUPS; n++) {
      const handled = new Promise<void>((resolve) => (picked = resolve));
      await new Promise((resolve) => setTimeout(resolve, 20));
      sentAt = performance.now();
      await jobs.send('bench-pickup', { n });
      await handled;
    }
    pickups.sort((a, b) => a - b);
    return [
      {
        name: `job throughput (${label})`,
        value: perSecond,
        unit: 'jobs/s',
        detail: `${JOBS} queued no-op jobs drained by one instance (${CONCURRENCY} workers), start included`,
      },
      {
        name: `job pickup p95 (${label})`,
        value: quantile(pickups, 0.95),
        unit: 'ms',
        detail: `send → handler start on an idle queue; p50 ${quantile(pickups, 0.5).toFixed(1)} ms, ${PICKUPS} jobs`,
      },
    ];
  } finally {
    await jobs.stop(1);
    await sender.stop(1);
    await database.close();
  }
}

/** An authenticated call (POST /auth/verify) on the embedded setup, alone and beside a busy queue. */
async function measureRequestsBesideJobs(): Promise<BenchResult[]> {
  const server = await startServer({ port: 0, seedDemo: false, logger });
  try {
    const clock = createClock(Date.now());
    const token = await tokenFor(
      server.database,
      clock,
      (await insertUser(server.database, 'super_admin')).id,
    );
    const quiet = await requestLatencies(server.url, token);

    // Each job does a small query of its own, on the same PGlite connection the requests use.
    let handled = 0;
    await server.jobs.define(
      'bench-busy',
      async () => {
        await server.database.db.execute(sql`select count(*) from users`);
        handled++;
      },
      { data: payload, concurrency: CONCURRENCY },
    );
    await server.jobs.boss.insert(
      'bench-busy',
      Array.from({ length: 5_000 }, (_, n) => ({ data: { n } })),
    );
    const before = handled;
    const busy = await requestLatencies(server.url, token);
    const jobsPerSecond = (handled - before) / REQUEST_SECONDS;
    const detail = (latencies: number[]) =>
      `p50 ${quantile(latencies, 0.5).toFixed(1)} ms, ${(latencies.length / REQUEST_SECONDS).toFixed(0)} req/s`;
    return [
      {
        name: 'verify p95, idle job queue (PGlite)',
        value: quantile(quiet, 0.95),
        unit: 'ms',
        detail: detail(quiet),
      },
      {
        name: 'verify p95, busy job queue (PGlite)',
        value: quantile(busy, 0.95),
        unit: 'ms',
        detail: `${detail(busy)}; ${jobsPerSecond.toFixed(0)} jobs/s ran meanwhile`,
      },
    ];
  } finally {
    await server.close();
  }
}

/** CONNECTIONS callers in a loop for REQUEST_SECONDS; answers every latency, sorted. */
async function requestLatencies(url: string, token: string): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + REQUEST_SECONDS * 1000;
  const caller = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(`${url}/auth/verify`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`verify answered ${response.status}`);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, caller));
  return latencies.sort((a, b) => a - b);
}
