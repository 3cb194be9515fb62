import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { affectedRows, rows } from '../db/results';
import { maintainPartitions, type PartitionReport, type TimePartitioned } from '../db/partitions';
import { demoSeriesWaiting } from '../seed/waiting';
import { MINUTE_MS } from './recorder';

export const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/**
 * Retention: minutes 30 days, hours a year; samples and probes as long as the minutes. The time series go
 * a whole partition at a time (server/db/partitions.ts): a minute is kept 30 to 31 days, an hour a year
 * to a year and a month.
 */
export const RETENTION = {
  minuteDays: 30,
  hourDays: 365,
  sampleDays: 30,
  probeDays: 30,
  /** Instances silent this long leave the infrastructure table. */
  instanceDays: 30,
} as const;

/** The signals' time-partitioned tables (migration 0027): retention drops their partitions whole. */
export const SIGNAL_PARTITIONS: readonly TimePartitioned[] = [
  {
    table: 'request_rollups_minute',
    column: 'period_start',
    unit: 'day',
    retentionDays: RETENTION.minuteDays,
  },
  { table: 'request_rollups_hour', column: 'period_start', unit: 'month', retentionDays: RETENTION.hourDays },
  { table: 'process_samples', column: 'sampled_at', unit: 'day', retentionDays: RETENTION.sampleDays },
  { table: 'service_probes', column: 'checked_at', unit: 'day', retentionDays: RETENTION.probeDays },
];

export const startOfHour = (at: number) => at - (at % HOUR_MS);
export const startOfMinute = (at: number) => at - (at % MINUTE_MS);

/**
 * The first hour not rolled up yet: readers take hours before it from the hour rows and the rest from the
 * minutes. null when no hour was ever rolled up.
 */
export async function rolledUpTo(db: Db): Promise<number | null> {
  const [row] = await rows<{ last: string | Date | null }>(
    db,
    sql`select max(period_start) as last from request_rollups where resolution = 'hour'`,
  );
  const last = row?.last;
  return last === null || last === undefined ? null : new Date(last).getTime() + HOUR_MS;
}

/**
 * Rolls the minutes of every completed hour since the last roll-up (and the hour before it again, for
 * minutes an instance flushed late) into hour rows: counts and sums added, histograms merged by summing
 * each bucket index. Recomputing from the minutes makes a rerun harmless: a row is replaced, not added to.
 */
export async function rollUpHours(db: Db, now: number): Promise<number> {
  const until = startOfHour(now);
  const done = await rolledUpTo(db);
  const from = done === null ? until - RETENTION.minuteDays * DAY_MS : done - HOUR_MS;
  if (from >= until) return 0;
  return affectedRows(
    db,
    sql`
    with minutes as (
      select * from request_rollups
      where resolution = 'minute' and period_start >= ${new Date(from)} and period_start < ${new Date(until)}
    ), totals as (
      select (date_trunc('hour', period_start at time zone 'UTC') at time zone 'UTC') as hour, instance_id, route, method, organization_id,
        sum(requests)::int as requests, sum(errors)::int as errors, sum(duration_sum_ms) as duration_sum_ms,
        sum(satisfied)::int as satisfied, sum(tolerating)::int as tolerating
      from minutes group by 1, 2, 3, 4, 5
    ), statuses as (
      select hour, instance_id, route, method, organization_id, jsonb_object_agg(status, n) as status_counts
      from (
        select (date_trunc('hour', period_start at time zone 'UTC') at time zone 'UTC') as hour, instance_id, route, method, organization_id,
          s.key as status, sum(s.value::int)::int as n
        from minutes, jsonb_each_text(status_counts) s group by 1, 2, 3, 4, 5, 6
      ) per_status group by 1, 2, 3, 4, 5
    ), buckets as (
      select hour, instance_id, route, method, organization_id,
        array_agg(bucket order by bucket) as latency_buckets, array_agg(n order by bucket) as latency_counts
      from (
        select (date_trunc('hour', period_start at time zone 'UTC') at time zone 'UTC') as hour, instance_id, route, method, organization_id,
          b.bucket, sum(b.n)::int as n
        from minutes, unnest(latency_buckets, latency_counts) as b(bucket, n) group by 1, 2, 3, 4, 5, 6
      ) per_bucket group by 1, 2, 3, 4, 5
    )
    insert into request_rollups (resolution, period_start, instance_id, route, method, organization_id,
      requests, errors, status_counts, duration_sum_ms, satisfied, tolerating, latency_buckets, latency_counts)
    select 'hour', t.hour, t.instance_id, t.route, t.method, t.organization_id, t.requests, t.errors,
      coalesce(s.status_counts, '{}'::jsonb), t.duration_sum_ms, t.satisfied, t.tolerating,
      b.latency_buckets, b.latency_counts
    from totals t
    join buckets b using (hour, instance_id, route, method, organization_id)
    left join statuses s using (hour, instance_id, route, method, organization_id)
    on conflict (resolution, period_start, instance_id, route, method, organization_id) do update set
      requests = excluded.requests, errors = excluded.errors, status_counts = excluded.status_counts,
      duration_sum_ms = excluded.duration_sum_ms, satisfied = excluded.satisfied,
      tolerating = excluded.tolerating, latency_buckets = excluded.latency_buckets,
      latency_counts = excluded.latency_counts`,
  );
}

export interface SignalsPurge {
  /** The time-partitioned tables: partitions made, dropped whole, DEFAULT rows deleted past retention. */
  partitions: Record<string, PartitionReport>;
  /** Rows deleted from the other tables. */
  deleted: { examples: number; instances: number };
  /** Nothing was done: a demo's series still carry the build's dates (seed/waiting.ts); the next run does it. */
  deferred?: true;
}

/**
 * Removes what is past retention (and makes the next partitions): the time series lose whole partitions,
 * the error examples and silent instances their rows.
 */
export async function purgeSignals(db: Db, now: number): Promise<SignalsPurge> {
  if (await demoSeriesWaiting(db))
    return { partitions: {}, deleted: { examples: 0, instances: 0 }, deferred: true };
  const before = (days: number) => new Date(now - days * DAY_MS);
  const partitions = await maintainPartitions(db, SIGNAL_PARTITIONS, now);
  const run = (statement: SQL) => affectedRows(db, statement);
  return {
    partitions,
    deleted: {
      examples: await run(
        sql`delete from request_error_examples where last_seen_at < ${before(RETENTION.minuteDays)}`,
      ),
      instances: await run(
        sql`delete from server_instances where last_seen_at < ${before(RETENTION.instanceDays)}`,
      ),
    },
  };
}
