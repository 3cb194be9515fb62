/**
 * The demo's monitoring history: 30 days of request roll-ups (hours; the last 24 hours also as minutes,
 * which the 1 h, 6 h and 24 h views read), process samples and a day of service probes, from two past
 * instances in two regions. Work hours are busy, nights and weekends quiet, and one incident day three
 * days back has an afternoon of errors and a latency spike. Deterministic, counted back from `now`, up to
 * and with the minute of `now`.
 *
 * The build's snapshot is seeded at the start of its day, so its series end there; its first start
 * (seed/anchor.ts) moves them by whole days and fills the rest of the day, up to its own minute, from the
 * same model (fillDemoSignalsHour, an hour at a time): every chart of every range is full whenever the
 * console is first opened.
 */
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { requestErrorExamples, requestRollups, serverInstances } from '../db/schema';
import { apdexBucket } from '../../shared/monitoring';
import { merge, record, toArrays, type Histogram } from '../monitoring/histogram';
import { PROBES } from '../monitoring/probes';
import { createRandom } from './tenancy';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const DAYS = 30;
const MINUTE_HOURS = 24;
const BATCH = 5_000;

type Random = ReturnType<typeof createRandom>;

/** Real route templates of the contract, with their share of traffic and typical latency (ms). */
const ROUTES: readonly { method: string; route: string; weight: number; latency: number }[] = [
  { method: 'POST', route: '/auth/verify', weight: 30, latency: 18 },
  { method: 'GET', route: '/organizations/user', weight: 12, latency: 35 },
  { method: 'GET', route: '/organizations/:id/context', weight: 10, latency: 28 },
  { method: 'GET', route: '/children', weight: 9, latency: 95 },
  { method: 'GET', route: '/attendance/today', weight: 9, latency: 70 },
  { method: 'POST', route: '/attendance', weight: 7, latency: 55 },
  { method: 'GET', route: '/dashboard/business', weight: 5, latency: 180 },
  { method: 'GET', route: '/organizations/:id/members', weight: 4, latency: 45 },
  { method: 'GET', route: '/audit-logs', weight: 3, latency: 140 },
  { method: 'POST', route: '/auth/login', weight: 3, latency: 260 },
  { method: 'GET', route: '/cost/trend', weight: 2, latency: 120 },
  { method: 'POST', route: '/export', weight: 1, latency: 320 },
];
const TOTAL_WEIGHT = ROUTES.reduce((n, r) => n + r.weight, 0);

/** Part 2 §8's sample error messages, by status. */
const ERROR_MESSAGES: Readonly<Record<number, readonly string[]>> = {
  500: ['Internal server error in analytics service', 'Database connection timeout'],
  404: ['User not found', 'Resource does not exist'],
  401: ['Invalid authentication token', 'Session expired'],
  400: ['Invalid request format', 'Missing required parameters'],
};

export const DEMO_INSTANCES = [
  { id: 'demo-api-1', host: 'api-1.demo.internal', region: 'us-east-1' },
  { id: 'demo-api-2', host: 'api-2.demo.internal', region: 'us-west-2' },
] as const;

/** Requests per minute of the whole platform at `at`: work hours busy, weekends quieter. */
function platformRate(at: number): number {
  const date = new Date(at);
  const hour = date.getUTCHours() + date.getUTCMinutes() / 60;
  const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
  const work = hour >= 8 && hour < 18 ? 1 : hour >= 6 && hour < 21 ? 0.45 : 0.12;
  return 40 * work * (weekend ? 0.3 : 1);
}

function incidentAt(now: number): { from: number; to: number } {
  const day = now - (now % DAY) - 3 * DAY;
  return { from: day + 13 * HOUR, to: day + 16 * HOUR };
}

interface Cell {
  requests: number;
  errors: number;
  statusCounts: Record<string, number>;
  durationSumMs: number;
  satisfied: number;
  tolerating: number;
  histogram: Histogram;
}

/** Durations drawn per cell: past it, each drawn request stands for several (the seed stays quick). */
const MAX_DRAWS = 24;

/** `count` requests of one route: durations log-normal around its latency, errors by the rate. */
function simulate(random: Random, count: number, latency: number, errorRate: number, slow: number): Cell {
  const cell: Cell = {
    requests: count,
    errors: 0,
    statusCounts: {},
    durationSumMs: 0,
    satisfied: 0,
    tolerating: 0,
    histogram: new Map(),
  };
  const draws = Math.min(count, MAX_DRAWS);
  for (let i = 0; i < draws; i++) {
    // The draws share the count out: every request is in exactly one of them.
    const weight = Math.floor(count / draws) + (i < count % draws ? 1 : 0);
    const normal = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
    const duration = latency * slow * Math.exp(0.45 * normal);
    const expected = weight * errorRate;
    const failed = Math.floor(expected) + (random.next() < expected % 1 ? 1 : 0);
    record(cell.histogram, duration, weight);
    cell.durationSumMs += duration * weight;
    const bucket = apdexBucket(duration, false);
    if (bucket === 'satisfied') cell.satisfied += weight - failed;
    else if (bucket === 'tolerating') cell.tolerating += weight - failed;
    if (failed > 0) {
      const status = slow > 1 ? random.pick([500, 500, 500, 404]) : random.pick([400, 401, 404, 404, 500]);
      cell.errors += failed;
      cell.statusCounts[status] = (cell.statusCounts[status] ?? 0) + failed;
    }
  }
  return cell;
}

/** A Poisson-like count around `mean` (the demo only needs it plausible and deterministic). */
const around = (random: Random, mean: number) => Math.max(0, Math.round(mean * (0.6 + 0.8 * random.next())));

type Route = (typeof ROUTES)[number];

/** A roll-up row by column name (see insertJson). */
function rollupRow(resolution: 'minute' | 'hour', at: number, instanceId: string, r: Route, cell: Cell) {
  const { buckets, counts } = toArrays(cell.histogram);
  return {
    resolution,
    period_start: new Date(at).toISOString(),
    instance_id: instanceId,
    route: r.route,
    method: r.method,
    organization_id: '',
    requests: cell.requests,
    errors: cell.errors,
    status_counts: cell.statusCounts,
    duration_sum_ms: cell.durationSumMs,
    satisfied: cell.satisfied,
    tolerating: cell.tolerating,
    latency_buckets: buckets,
    latency_counts: counts,
  };
}

/** Adds a minute into its hour, as the hour roll-up job does in SQL. */
function addInto(into: Cell, cell: Cell): void {
  into.requests += cell.requests;
  into.errors += cell.errors;
  into.durationSumMs += cell.durationSumMs;
  into.satisfied += cell.satisfied;
  into.tolerating += cell.tolerating;
  for (const [status, n] of Object.entries(cell.statusCounts)) {
    into.statusCounts[status] = (into.statusCounts[status] ?? 0) + n;
  }
  merge(into.histogram, cell.histogram);
}

/**
 * Inserts rows (keyed by column name) as one JSON parameter per batch: the engine parses the batch itself,
 * several times faster than binding each value, which matters for a seed of tens of thousands of rows.
 */
async function insertJson(db: Db, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = JSON.stringify(rows.slice(i, i + BATCH));
    await db.execute(
      sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${batch}::json)`,
    );
  }
}

const minuteOf = (at: number) => at - (at % MINUTE);

/** The model's cell of one route at `at`: errors and latency up in the incident. */
function cellAt(random: Random, incident: { from: number; to: number }, at: number, r: Route, count: number) {
  const inIncident = at >= incident.from && at < incident.to;
  return simulate(random, count, r.latency, inIncident ? 0.12 : 0.006, inIncident ? 6 : 1);
}

/**
 * The minute roll-ups of [from, to] (both minutes included), and, when `hours` is given, their completed
 * hours (before `hours.before`) rolled up as the job would.
 */
function minuteRows(
  random: Random,
  incident: { from: number; to: number },
  from: number,
  to: number,
  hours?: { before: number },
): ReturnType<typeof rollupRow>[] {
  const rows: ReturnType<typeof rollupRow>[] = [];
  const rolled = new Map<string, { at: number; instanceId: string; r: Route; cell: Cell }>();
  for (let at = from; at <= to; at += MINUTE) {
    for (const r of ROUTES) {
      // The centres' apps check their tokens around the clock: no minute of the platform is silent.
      const floor = r === ROUTES[0] ? 1 : 0;
      const count = Math.max(floor, around(random, (platformRate(at) * r.weight) / TOTAL_WEIGHT));
      if (count === 0) continue;
      const instance = DEMO_INSTANCES[random.int(0, 1)]!;
      const minute = cellAt(random, incident, at, r, count);
      rows.push(rollupRow('minute', at, instance.id, r, minute));
      const hourAt = at - (at % HOUR);
      if (!hours || hourAt >= hours.before) continue;
      const key = `${hourAt}|${instance.id}|${r.method} ${r.route}`;
      const hour = rolled.get(key) ?? {
        at: hourAt,
        instanceId: instance.id,
        r,
        cell: simulate(random, 0, 1, 0, 1),
      };
      addInto(hour.cell, minute);
      rolled.set(key, hour);
    }
  }
  for (const h of rolled.values()) rows.push(rollupRow('hour', h.at, h.instanceId, h.r, h.cell));
  return rows;
}

/**
 * Process samples of both instances at `at` from `from` to `to` (included): each minute from
 * `minutesFrom`, each 15 minutes before. `origin` is the month's start, from which the disk fills.
 */
function sampleRows(
  random: Random,
  incident: { from: number; to: number },
  span: { from: number; to: number; minutesFrom: number; origin: number },
): Record<string, unknown>[] {
  const samples: Record<string, unknown>[] = [];
  const inIncident = (at: number) => at >= incident.from && at < incident.to;
  const filled = (at: number) => (at - span.origin) / (DAYS * DAY);
  for (let at = span.from; at <= span.to; at += at < span.minutesFrom ? 15 * MINUTE : MINUTE) {
    for (const instance of DEMO_INSTANCES) {
      const busy = platformRate(at) / 40;
      const spike = inIncident(at) ? 45 : 0;
      samples.push({
        instance_id: instance.id,
        sampled_at: new Date(at).toISOString(),
        cpu_percent: Math.min(98, 8 + 30 * busy + spike + 6 * random.next()),
        rss_bytes: 300_000_000 + random.int(0, 60_000_000),
        heap_used_bytes: 120_000_000 + random.int(0, 40_000_000),
        memory_percent: 38 + 12 * busy + (inIncident(at) ? 20 : 0) + 3 * random.next(),
        event_loop_delay_p99_ms: 11 + 8 * busy + (inIncident(at) ? 90 : 0) + 3 * random.next(),
        event_loop_utilization: Math.min(0.95, 0.05 + 0.3 * busy + (inIncident(at) ? 0.45 : 0)),
        db_round_trip_ms: 0.6 + 1.5 * busy + (inIncident(at) ? 40 : 0) + random.next(),
        open_connections: Math.round(4 + 30 * busy),
        job_backlog: inIncident(at) ? random.int(20, 80) : random.int(0, 3),
        job_failures: inIncident(at) ? random.int(1, 4) : 0,
        // The data folder fills slowly over the month.
        disk_used_bytes: Math.round(58e9 + filled(at) * 4e9),
        disk_free_bytes: Math.round(42e9 - filled(at) * 4e9),
      });
    }
  }
  return samples;
}

/** Service probes each 5 minutes from `from` to `to` (included). */
function probeRows(random: Random, from: number, to: number): Record<string, unknown>[] {
  const probes: Record<string, unknown>[] = [];
  for (let at = from; at <= to; at += 5 * MINUTE) {
    for (const probe of PROBES) {
      const roll = random.next();
      const status = roll < 0.985 ? 'healthy' : roll < 0.997 ? 'warning' : 'critical';
      probes.push({
        service: probe.service,
        checked_at: new Date(at).toISOString(),
        instance_id: DEMO_INSTANCES[0].id,
        status,
        response_ms:
          Math.round((status === 'healthy' ? 2 + 6 * random.next() : 150 + 400 * random.next()) * 100) / 100,
        version:
          probe.service === 'database'
            ? 'PostgreSQL 15.8'
            : probe.service === 'job-runner'
              ? 'pg-boss 12'
              : null,
        detail: status === 'healthy' ? 'Demo history' : 'Demo history: slow answer',
      });
    }
  }
  return probes;
}

/** The demo instances were last seen the minute before `lastMinute` (they stopped then). */
const lastSeen = (lastMinute: number) => new Date(lastMinute - MINUTE);

export async function insertDemoSignals(db: Db, now: number): Promise<void> {
  const random = createRandom(11_2026);
  const incident = incidentAt(now);
  const lastMinute = minuteOf(now);
  const minutesFrom = now - (now % HOUR) - MINUTE_HOURS * HOUR;
  const firstHour = now - (now % HOUR) - DAYS * DAY;

  await db.insert(serverInstances).values(
    DEMO_INSTANCES.map((i) => ({
      ...i,
      version: 'demo',
      startedAt: new Date(firstHour),
      lastSeenAt: lastSeen(lastMinute),
      stoppedAt: lastSeen(lastMinute),
    })),
  );

  const rows: ReturnType<typeof rollupRow>[] = [];
  // Hours older than the minutes, straight from the model.
  for (let at = firstHour; at < minutesFrom; at += HOUR) {
    for (const r of ROUTES) {
      const instance = DEMO_INSTANCES[random.int(0, 1)]!;
      const count = around(random, (platformRate(at + HOUR / 2) * 60 * r.weight) / TOTAL_WEIGHT);
      if (count > 0) rows.push(rollupRow('hour', at, instance.id, r, cellAt(random, incident, at, r, count)));
    }
  }
  // The last 24 hours as minutes, and their completed hours rolled up as the job would.
  rows.push(...minuteRows(random, incident, minutesFrom, lastMinute, { before: now - (now % HOUR) }));
  await insertJson(db, 'request_rollups', rows);

  await db.insert(requestErrorExamples).values(
    Object.entries(ERROR_MESSAGES).flatMap(([status, messages], i) =>
      messages.map((message, j) => ({
        route: ROUTES[(i * 2 + j) % ROUTES.length]!.route,
        method: ROUTES[(i * 2 + j) % ROUTES.length]!.method,
        status: Number(status),
        message,
        count: random.int(3, 40),
        lastSeenAt: new Date(lastMinute - random.int(1, 20) * HOUR),
      })),
    ),
  );

  await insertJson(
    db,
    'process_samples',
    sampleRows(random, incident, {
      from: firstHour,
      to: lastMinute,
      minutesFrom: lastMinute - DAY,
      origin: firstHour,
    }),
  );
  await insertJson(db, 'service_probes', probeRows(random, lastMinute - DAY, lastMinute));
}

/**
 * Continues a seeded history (its series end at `seededAt`, already moved to the first start's day) for
 * the hour starting at `hour`, up to the minute `target` at most, from the same model: minutes, the hour
 * rolled up as the job would once it is complete, a sample each minute, a probe each 5 minutes; the demo
 * instances last seen then. Answers the last minute made. The first start fills hour by hour after it
 * answers (anchor.ts, fillDemoDay), each hour one transaction, so requests are not kept waiting.
 *
 * The hour is made whole again (the seed's own few minutes of its last hour too): only the demo
 * instances' rows, so what this server recorded meanwhile stays, and an hour the roll-up job rolled up
 * while it was half made is made again. Each hour draws from its own stream: deterministic, and not a
 * replay of the seed's draws.
 */
export async function fillDemoSignalsHour(
  db: Db,
  seededAt: number,
  hour: number,
  target: number,
): Promise<number> {
  const seeded = minuteOf(seededAt);
  const to = Math.min(hour + HOUR - MINUTE, minuteOf(target));
  if (to < hour) return minuteOf(target);
  const random = createRandom(hour / MINUTE);
  const incident = incidentAt(target);
  const demo = DEMO_INSTANCES.map((i) => i.id);
  await db
    .delete(requestRollups)
    .where(
      and(
        inArray(requestRollups.instanceId, demo),
        gte(requestRollups.periodStart, new Date(hour)),
        lt(requestRollups.periodStart, new Date(hour + HOUR)),
      ),
    );
  await insertJson(
    db,
    'request_rollups',
    minuteRows(random, incident, hour, to, { before: target - (target % HOUR) }),
  );
  const samplesFrom = Math.max(hour, seeded + MINUTE);
  if (samplesFrom <= to) {
    await insertJson(
      db,
      'process_samples',
      sampleRows(random, incident, {
        from: samplesFrom,
        to,
        minutesFrom: seeded,
        origin: seeded - DAYS * DAY,
      }),
    );
  }
  // Every 5 minutes from the seed's last minute on.
  const probesFrom = seeded + 5 * MINUTE * Math.max(1, Math.ceil((hour - seeded) / (5 * MINUTE)));
  if (probesFrom <= to) await insertJson(db, 'service_probes', probeRows(random, probesFrom, to));
  await db
    .update(serverInstances)
    .set({ lastSeenAt: lastSeen(to), stoppedAt: lastSeen(to) })
    .where(inArray(serverInstances.id, demo));
  return to;
}
