/**
 * Alert evaluation: 1,000 active rules over the metrics of the issue (latency, error rate, request
 * rate per route or overall; CPU, memory, event-loop delay, disk per instance), on an hour of request
 * roll-ups (20 routes) and process samples (2 instances), evaluated in one interval. The first tick
 * creates every series; the steady ticks are what each minute costs. On PGlite and, when
 * TEST_DATABASE_URL (or BENCH_DATABASE_URL) names a PostgreSQL server, on PostgreSQL.
 */
import { TEST_SECRET_KEY } from '../tests/support/server';
import { performance } from 'node:perf_hooks';
import type { RuleInput } from '../shared/alerting';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/client';
import { alertRules, processSamples, requestRollups } from '../server/db/schema';
import { migrateDatabase } from '../server/db/migrate';
import { createLogger } from '../server/logger';
import { record, toArrays, type Histogram } from '../server/monitoring/histogram';
import { onEachDatabase } from './databases';
import type { BenchResult } from './run';

const RULES = 1_000;
const ROUTES = 20;
const STEADY_TICKS = 5;
/** The target: every active rule evaluated within one interval, in under a second. */
const TARGET_MS = 1_000;
const MINUTE = 60_000;

const logger = createLogger({ level: 'silent' });

export async function measureAlerting(): Promise<BenchResult[]> {
  return onEachDatabase(measureOn);
}

const RULE_SHAPES: Pick<RuleInput, 'metric' | 'condition'>[] = [
  { metric: 'latency', condition: { operator: '>', threshold: 500, aggregation: 'p95', timeWindow: '5m' } },
  { metric: 'latency', condition: { operator: '>', threshold: 800, aggregation: 'p99', timeWindow: '15m' } },
  { metric: 'error_rate', condition: { operator: '>', threshold: 3, aggregation: 'avg', timeWindow: '5m' } },
  {
    metric: 'request_rate',
    condition: { operator: '>', threshold: 5000, aggregation: 'avg', timeWindow: '10m' },
  },
  { metric: 'cpu', condition: { operator: '>', threshold: 90, aggregation: 'avg', timeWindow: '5m' } },
  { metric: 'memory', condition: { operator: '>', threshold: 85, aggregation: 'max', timeWindow: '15m' } },
  {
    metric: 'event_loop_delay',
    condition: { operator: '>', threshold: 100, aggregation: 'p95', timeWindow: '5m' },
  },
  { metric: 'disk_free', condition: { operator: '<', threshold: 10, aggregation: 'min', timeWindow: '30m' } },
];

async function measureOn(label: string, database: Database): Promise<BenchResult[]> {
  try {
    await migrateDatabase(database);
    const start = Math.floor(Date.now() / MINUTE) * MINUTE;
    let now = start;
    const app = await buildApp({ secretKey: TEST_SECRET_KEY, database, config: { now: () => now }, logger });
    try {
      await seedSignals(database, start);
      await database.db.insert(alertRules).values(
        Array.from({ length: RULES }, (_, i) => {
          const shape = RULE_SHAPES[i % RULE_SHAPES.length]!;
          const perRoute = i % 3 === 0 && ['latency', 'error_rate', 'request_rate'].includes(shape.metric);
          const perInstance = i % 3 === 0 && !perRoute;
          return {
            name: `Bench rule ${i}`,
            status: 'active' as const,
            severity: 'medium' as const,
            metric: shape.metric,
            condition: { ...shape.condition, threshold: shape.condition.threshold + (i % 7) },
            filters: perRoute
              ? [{ field: 'route', operator: '!=' as const, value: 'GET /none' }]
              : perInstance
                ? [{ field: 'instance', operator: '!=' as const, value: 'none' }]
                : [],
            notifications: [{ type: 'webhook' as const, target: 'http://127.0.0.1:9/unused' }],
            escalation: { enabled: false, steps: [] },
            suppressionRules: { enabled: false, duration: 0, conditions: [] },
            pendingSeconds: 300,
            createdByName: 'bench',
          };
        }),
      );
      const first = await timed(() => app.alerting.evaluate(now));
      const steady: number[] = [];
      for (let i = 0; i < STEADY_TICKS; i++) {
        now += MINUTE;
        steady.push(await timed(() => app.alerting.evaluate(now)));
      }
      steady.sort((a, b) => a - b);
      const median = steady[Math.floor(steady.length / 2)]!;
      return [
        {
          name: `Alert evaluation, ${RULES} active rules, first interval (${label})`,
          value: Math.round(first),
          unit: 'ms',
          target: { max: TARGET_MS },
          detail: 'creates every series',
        },
        {
          name: `Alert evaluation, ${RULES} active rules, one interval (${label})`,
          value: Math.round(median),
          unit: 'ms',
          target: { max: TARGET_MS },
          detail: `median of ${STEADY_TICKS}; max ${Math.round(steady.at(-1)!)} ms`,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** An hour of minute roll-ups for 20 routes and of process samples for 2 instances, before `start`. */
async function seedSignals(database: Database, start: number) {
  const rollups: (typeof requestRollups.$inferInsert)[] = [];
  const samples: (typeof processSamples.$inferInsert)[] = [];
  for (let m = 60; m >= -STEADY_TICKS; m--) {
    const at = new Date(start - m * MINUTE);
    for (let r = 0; r < ROUTES; r++) {
      const histogram: Histogram = new Map();
      for (let k = 0; k < 10; k++) record(histogram, 20 + ((r * 37 + k * 53 + m) % 400), 3);
      const { buckets, counts } = toArrays(histogram);
      rollups.push({
        resolution: 'minute',
        periodStart: at,
        instanceId: 'bench',
        route: `/route-${r}`,
        method: 'GET',
        requests: 30,
        errors: (r + m) % 10 === 0 ? 2 : 0,
        durationSumMs: 30 * 200,
        satisfied: 28,
        tolerating: 2,
        latencyBuckets: buckets,
        latencyCounts: counts,
      });
    }
    for (const instance of ['bench-a', 'bench-b'])
      samples.push({
        instanceId: instance,
        sampledAt: at,
        cpuPercent: 20 + (m % 30),
        rssBytes: 200_000_000,
        heapUsedBytes: 100_000_000,
        memoryPercent: 40 + (m % 20),
        eventLoopDelayP99Ms: 12 + (m % 8),
        eventLoopUtilization: 0.2,
        dbRoundTripMs: 1.5,
        openConnections: 5,
        jobBacklog: 0,
        jobFailures: 0,
        diskUsedBytes: 50_000_000_000,
        diskFreeBytes: 150_000_000_000,
      });
  }
  for (let i = 0; i < rollups.length; i += 500)
    await database.db.insert(requestRollups).values(rollups.slice(i, i + 500));
  await database.db.insert(processSamples).values(samples);
}
