/**
 * The monitoring signals' costs: request recording's overhead on `POST /auth/verify` (target < 5 %
 * throughput lost against recording off), and the p95 of the 7-day API Performance answer (its endpoint
 * table) at 100 routes × 30 days of minute roll-ups, rolled into hours as the job does (target < 100 ms),
 * on PGlite and PostgreSQL. BENCH_MONITORING_DAYS scales the days down for a quick run.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/client';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { createLogger } from '../server/logger';
import { rows } from '../server/db/results';
import { seedDemo } from '../server/seed/demo';
import { createRequestRecorder } from '../server/monitoring/recorder';
import { ensurePartitions } from '../server/db/partitions';
import {
  HOUR_MS as HOUR,
  rollUpHours,
  SIGNAL_PARTITIONS,
  startOfHour,
  startOfMinute,
} from '../server/monitoring/rollup';
import { TEST_SECRET_KEY, bearer, insertUser, tokenFor } from '../tests/support/server';
import { onEachDatabase } from './databases';
import type { BenchResult } from './run';

const logger = createLogger({ level: 'silent' });
const ROUTES = 100;
const DAYS = Number(process.env.BENCH_MONITORING_DAYS ?? 30);
const SAMPLES = 20;
/** Recording off and on alternate in short rounds (off-on, on-off, …) so both see the same noise. */
const ROUNDS = 6;
const ROUND_SECONDS = 3;
const MINUTE = 60_000;
const DAY = 86_400_000;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function throughput(url: string, token: string): Promise<number> {
  const result = await autocannon({
    url: `${url}/auth/verify`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    connections: 4,
    duration: ROUND_SECONDS,
  });
  return result.requests.average;
}

/** The same app twice on one database, with and without the recorder; runs alternate to share the noise. */
export async function measureRecordingOverhead(): Promise<BenchResult[]> {
  const database = await openDatabase();
  const apps: FastifyInstance[] = [];
  try {
    await migrateDatabase(database);
    await seedDemo(database, { tenants: false });
    const login = async (app: FastifyInstance) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email: 'admin@demo.example', password: 'demo-Console-2026' },
      });
      return (answer.json() as { data: { token: string } }).data.token;
    };
    // One secret key for both: the token signing secret they share is sealed with it.
    const off = await buildApp({ database, logger, secretKey: TEST_SECRET_KEY });
    const on = await buildApp({
      database,
      logger,
      secretKey: TEST_SECRET_KEY,
      requestRecorder: createRequestRecorder(),
    });
    apps.push(off, on);
    const urls = [
      await off.listen({ port: 0, host: '127.0.0.1' }),
      await on.listen({ port: 0, host: '127.0.0.1' }),
    ];
    const token = await login(off);
    // A first round of each, not counted: both servers warmed (JIT, caches) before the measured rounds.
    for (const url of urls) await throughput(url, token);
    const totals = [0, 0];
    const losses: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const pair = [0, 0];
      for (const i of round % 2 === 0 ? [0, 1] : [1, 0]) pair[i] = await throughput(urls[i]!, token);
      totals[0]! += pair[0]!;
      totals[1]! += pair[1]!;
      losses.push((1 - pair[1]! / pair[0]!) * 100);
    }
    const loss = (1 - totals[1]! / totals[0]!) * 100;
    return [
      {
        name: 'request recording overhead on POST /auth/verify',
        value: loss,
        unit: '%',
        target: { max: 5 },
        detail: `${(totals[0]! / ROUNDS).toFixed(0)} req/s off, ${(totals[1]! / ROUNDS).toFixed(0)} req/s on; per round ${losses.map((l) => l.toFixed(1)).join(', ')} %`,
      },
    ];
  } finally {
    for (const app of apps) await app.close();
    await database.close();
  }
}

/**
 * 100 routes × DAYS of minutes (two instances, 20 requests a minute each) and their hours, generated in the
 * database. Loaded as pg_restore loads: rows first, the primary key built once after, which is ~4× faster
 * than maintaining the index row by row. The hours are generated with the job's arithmetic (the minutes of
 * a route repeat each hour), except the last two, which the roll-up job itself computes from the minutes;
 * it recomputes the last generated hour too, and the seed fails if the job's answer differs from it.
 */
export async function seedRollups(
  database: Database,
  now: number,
): Promise<{ minutes: number; hours: number }> {
  const { db } = database;
  const until = startOfHour(now);
  const from = until - DAYS * DAY;
  const to = startOfMinute(now) + MINUTE;
  // The days' partitions first, as a server running those days would have made them: the rows go straight
  // to their partitions, not through the DEFAULT one.
  await ensurePartitions(db, SIGNAL_PARTITIONS, now, from);
  const key = (await db.execute(sql`
    select conname from pg_constraint
    where conrelid = 'request_rollups'::regclass and contype = 'p'`)) as { rows: { conname: string }[] };
  const primaryKey = sql.identifier(key.rows[0]!.conname);
  await db.execute(sql`alter table request_rollups drop constraint ${primaryKey}`);
  // Per route: its instance, mean duration, buckets, and the error minutes of an hour ((r + minute) % 50 = 0).
  const routes = sql`routes as materialized (
    select r, 'bench-' || (r % 2) as instance_id, '/bench/route-' || r || '/:id' as route,
      (20 + r % 40)::float8 as mean_ms,
      array(select 180 + r % 40 + i * 3 from generate_series(0, 11) i) as buckets,
      (select count(*)::int from generate_series(0, 59) m where (r + m) % 50 = 0) as hour_errors
    from generate_series(0, ${ROUTES - 1}) r)`;
  const counts = [1, 1, 2, 2, 3, 3, 2, 2, 1, 1, 1, 1];
  // One day per statement: a month in one would hold millions of rows in one transaction.
  for (let day = from; day < to; day += DAY) {
    await db.execute(sql`
      with ${routes}
      insert into request_rollups (resolution, period_start, instance_id, route, method, organization_id,
        requests, errors, status_counts, duration_sum_ms, satisfied, tolerating, latency_buckets, latency_counts)
      select 'minute', m, instance_id, route, 'GET', '', 20,
        case when (r + extract(minute from m)::int) % 50 = 0 then 1 else 0 end,
        case when (r + extract(minute from m)::int) % 50 = 0 then '{"500": 1}'::jsonb else '{}'::jsonb end,
        20 * mean_ms, 19, 1, buckets, ${`{${counts.join(',')}}`}::int[]
      from routes, generate_series(${new Date(day)}::timestamptz,
        ${new Date(Math.min(day + DAY, to) - MINUTE)}::timestamptz, interval '1 minute') m`);
  }
  const generatedUntil = until - HOUR;
  await db.execute(sql`
    with ${routes}
    insert into request_rollups (resolution, period_start, instance_id, route, method, organization_id,
      requests, errors, status_counts, duration_sum_ms, satisfied, tolerating, latency_buckets, latency_counts)
    select 'hour', h, instance_id, route, 'GET', '', 1200, hour_errors,
      case when hour_errors > 0 then jsonb_build_object('500', hour_errors) else '{}'::jsonb end,
      1200 * mean_ms, 1140, 60, buckets, ${`{${counts.map((n) => n * 60).join(',')}}`}::int[]
    from routes, generate_series(${new Date(from)}::timestamptz, ${new Date(generatedUntil - HOUR)}::timestamptz,
      interval '1 hour') h`);
  await db.execute(sql`alter table request_rollups add constraint ${primaryKey}
    primary key (resolution, period_start, instance_id, route, method, organization_id)`);
  // What autovacuum does on PostgreSQL after a load this size; PGlite has no autovacuum, so the same by hand.
  await db.execute(sql`analyze request_rollups`);

  const lastGenerated = sql`(select route, requests, errors, status_counts, duration_sum_ms, satisfied, tolerating,
      latency_buckets, latency_counts from request_rollups
    where resolution = 'hour' and period_start = ${new Date(generatedUntil - HOUR)} order by route)`;
  const generated = await rows<unknown>(db, lastGenerated);
  await rollUpHours(db, now);
  const rolled = await rows<unknown>(db, lastGenerated);
  if (JSON.stringify(rolled) !== JSON.stringify(generated))
    throw new Error('the generated hours differ from what the roll-up job computes from the minutes');

  const count = (await db.execute(
    sql`select count(*) filter (where resolution = 'minute')::int as minutes,
      count(*) filter (where resolution = 'hour')::int as hours from request_rollups`,
  )) as { rows: { minutes: number; hours: number }[] };
  return count.rows[0]!;
}

/**
 * The clock stands at the last minute of an hour: the read that is not kept between calls (the last hour
 * rolled up and the current hour's minutes) is then at its largest, 60 minutes × 100 routes.
 */
export async function measureEndpointTable(kind: string, database: Database): Promise<BenchResult[]> {
  try {
    await migrateDatabase(database);
    const now = startOfHour(Date.now()) + 59 * MINUTE + 30_000;
    const began = performance.now();
    const seeded = await seedRollups(database, now);
    const seedSeconds = (performance.now() - began) / 1000;
    const clock = { now: () => now, advance: () => undefined };
    const owner = await insertUser(database, 'app_owner');
    const token = await tokenFor(database, clock, owner.id);
    const app = await buildApp({ database, logger, secretKey: TEST_SECRET_KEY, config: { now: clock.now } });
    try {
      const read = async () => {
        const start = performance.now();
        const answer = await app.inject({
          method: 'GET',
          url: '/monitoring/api-performance?range=7d',
          headers: bearer(token),
        });
        const elapsed = performance.now() - start;
        if (answer.statusCode !== 200)
          throw new Error(`api-performance: ${answer.statusCode} ${answer.body}`);
        return elapsed;
      };
      // The first call reads every settled hour; the next ones only the hours that moved and the minutes.
      const first = await read();
      for (let i = 0; i < 2; i++) await read();
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) times.push(await read());
      times.sort((a, b) => a - b);
      return [
        {
          name: `${kind}: monitoring seed`,
          value: seedSeconds,
          unit: 's',
          detail: `${seeded.minutes} minute and ${seeded.hours} hour rows`,
        },
        {
          name: `${kind}: GET /monitoring/api-performance (7d), first call`,
          value: first,
          unit: 'ms',
          detail: 'every settled hour of the 7 days read (after a start)',
        },
        {
          name: `${kind}: GET /monitoring/api-performance (7d) p95`,
          value: percentile(times, 0.95),
          unit: 'ms',
          target: { max: 100 },
          detail: `${ROUTES} routes × ${DAYS} days of minutes, at minute 59; median ${percentile(times, 0.5).toFixed(1)} ms over ${SAMPLES}`,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** `GET /analytics/usage` on the demo's 30 days of console usage, per range. */
export async function measureUsageAnalytics(kind: string, database: Database): Promise<BenchResult[]> {
  try {
    await migrateDatabase(database);
    // With its tenants: the demo's usage and signals come with them.
    await seedDemo(database);
    const events = (await database.db.execute(sql`select count(*)::int as n from usage_events`)) as {
      rows: { n: number }[];
    };
    const clock = { now: () => Date.now(), advance: () => undefined };
    const owner = await insertUser(database, 'app_owner');
    const token = await tokenFor(database, clock, owner.id);
    const app = await buildApp({ database, logger, secretKey: TEST_SECRET_KEY });
    const results: BenchResult[] = [];
    try {
      for (const range of ['7d', '30d', '90d']) {
        const times: number[] = [];
        for (let i = 0; i < SAMPLES + 3; i++) {
          const start = performance.now();
          const answer = await app.inject({
            method: 'GET',
            url: `/analytics/usage?range=${range}`,
            headers: bearer(token),
          });
          const elapsed = performance.now() - start;
          if (answer.statusCode !== 200) throw new Error(`analytics: ${answer.statusCode} ${answer.body}`);
          if (i >= 3) times.push(elapsed);
        }
        times.sort((a, b) => a - b);
        results.push({
          name: `${kind}: GET /analytics/usage (${range}) p95`,
          value: percentile(times, 0.95),
          unit: 'ms',
          detail: `demo, ${events.rows[0]?.n ?? 0} events; median ${percentile(times, 0.5).toFixed(1)} ms over ${SAMPLES}`,
        });
      }
      return results;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export async function measureMonitoring(): Promise<BenchResult[]> {
  return [
    ...(await measureRecordingOverhead()),
    ...(await onEachDatabase(measureEndpointTable)),
    ...(await onEachDatabase(measureUsageAnalytics)),
  ];
}
