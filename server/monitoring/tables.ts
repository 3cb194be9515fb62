/** The monitoring group's tables (the barrel of every table is server/db/schema.ts). */
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
} from 'drizzle-orm/pg-core';
import { instant } from '../db/columns';

/**
 * Requests rolled up per period (a minute, or an hour made of minutes), route template, method, serving
 * instance and organization ('' when none). The latency histogram is stored sparse as two parallel int
 * arrays (bucket index, count; see server/monitoring/histogram.ts): one row per route-minute whatever the
 * spread of latencies, and both engines merge rows with unnest(buckets, counts) and a sum per index.
 */
export const requestRollups = pgTable(
  'request_rollups',
  {
    resolution: text('resolution', { enum: ['minute', 'hour'] }).notNull(),
    periodStart: instant('period_start').notNull(),
    instanceId: text('instance_id').notNull(),
    route: text('route').notNull(),
    method: text('method').notNull(),
    organizationId: text('organization_id').notNull().default(''),
    requests: integer('requests').notNull(),
    /** Status 400 and above. */
    errors: integer('errors').notNull(),
    /** Error statuses and their counts, e.g. {"404": 3}. */
    statusCounts: jsonb('status_counts').$type<Record<string, number>>().notNull().default({}),
    durationSumMs: doublePrecision('duration_sum_ms').notNull(),
    /** Apdex at T = 500 ms: non-errors at or under T, and at or under 4T. */
    satisfied: integer('satisfied').notNull(),
    tolerating: integer('tolerating').notNull(),
    latencyBuckets: integer('latency_buckets').array().notNull(),
    latencyCounts: integer('latency_counts').array().notNull(),
  },
  (t) => [
    primaryKey({
      columns: [t.resolution, t.periodStart, t.instanceId, t.route, t.method, t.organizationId],
    }),
  ],
);

/** A few recent error messages per route and status (redacted, message only). */
export const requestErrorExamples = pgTable(
  'request_error_examples',
  {
    route: text('route').notNull(),
    method: text('method').notNull(),
    status: integer('status').notNull(),
    message: text('message').notNull(),
    count: integer('count').notNull(),
    lastSeenAt: instant('last_seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.route, t.method, t.status, t.message] })],
);

/** Every server instance that ran: its heartbeat is `last_seen_at`; silent 3 intervals, it is offline. */
export const serverInstances = pgTable('server_instances', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  region: text('region').notNull(),
  version: text('version').notNull(),
  startedAt: instant('started_at').notNull(),
  lastSeenAt: instant('last_seen_at').notNull(),
  /** Set by a clean stop: offline at once rather than after three silent minutes. */
  stoppedAt: instant('stopped_at'),
});

/** One sample of an instance's process per minute. */
export const processSamples = pgTable(
  'process_samples',
  {
    instanceId: text('instance_id').notNull(),
    sampledAt: instant('sampled_at').notNull(),
    /** Of one core, over the minute (may exceed 100 on several cores). */
    cpuPercent: doublePrecision('cpu_percent').notNull(),
    rssBytes: bigint('rss_bytes', { mode: 'number' }).notNull(),
    heapUsedBytes: bigint('heap_used_bytes', { mode: 'number' }).notNull(),
    /** Resident memory as a share of the machine's. */
    memoryPercent: doublePrecision('memory_percent').notNull(),
    eventLoopDelayP99Ms: doublePrecision('event_loop_delay_p99_ms').notNull(),
    eventLoopUtilization: doublePrecision('event_loop_utilization').notNull(),
    dbRoundTripMs: doublePrecision('db_round_trip_ms'),
    openConnections: integer('open_connections').notNull(),
    jobBacklog: integer('job_backlog').notNull(),
    jobFailures: integer('job_failures').notNull(),
    diskUsedBytes: bigint('disk_used_bytes', { mode: 'number' }).notNull(),
    diskFreeBytes: bigint('disk_free_bytes', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.instanceId, t.sampledAt] }),
    index('process_samples_sampled_at').on(t.sampledAt),
  ],
);

/** Every probe of a service, kept so that uptime is history. */
export const serviceProbes = pgTable(
  'service_probes',
  {
    service: text('service').notNull(),
    checkedAt: instant('checked_at').notNull(),
    instanceId: text('instance_id').notNull(),
    status: text('status', { enum: ['healthy', 'warning', 'critical', 'down'] }).notNull(),
    responseMs: doublePrecision('response_ms'),
    version: text('version'),
    detail: text('detail').notNull(),
  },
  (t) => [primaryKey({ columns: [t.service, t.checkedAt, t.instanceId] })],
);
