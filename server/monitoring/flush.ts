import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { requestErrorExamples, requestRollups } from '../db/schema';
import { toArrays } from './histogram';
import type { Drained, RequestRecorder } from './recorder';

/** Error examples kept per route, method and status in the database. */
export const EXAMPLES_KEPT = 5;
const INSERT_BATCH = 500;

/**
 * Writes the minutes the recorder holds (those ended by `before`, or all) as roll-up rows of this instance.
 * A minute still running is written again by the next flush: the row is added to (counts summed,
 * histograms merged per bucket), so the screens see requests within seconds, not after the minute.
 * A failed write puts the minutes back for the next flush.
 */
export async function flushRequests(
  db: Db,
  recorder: RequestRecorder,
  instanceId: string,
  before?: number,
): Promise<number> {
  const drained = recorder.drain(before);
  try {
    await writeDrained(db, drained, instanceId);
  } catch (error) {
    recorder.restore(drained);
    throw error;
  }
  return drained.cells.length;
}

async function writeDrained(db: Db, { cells, examples }: Drained, instanceId: string): Promise<void> {
  for (let i = 0; i < cells.length; i += INSERT_BATCH) {
    await db
      .insert(requestRollups)
      .values(
        cells.slice(i, i + INSERT_BATCH).map((cell) => {
          const { buckets, counts } = toArrays(cell.histogram);
          return {
            resolution: 'minute' as const,
            periodStart: new Date(cell.minute),
            instanceId,
            route: cell.route,
            method: cell.method,
            organizationId: cell.organizationId,
            requests: cell.requests,
            errors: cell.errors,
            statusCounts: cell.statusCounts,
            durationSumMs: cell.durationSumMs,
            satisfied: cell.satisfied,
            tolerating: cell.tolerating,
            latencyBuckets: buckets,
            latencyCounts: counts,
          };
        }),
      )
      .onConflictDoUpdate({
        target: [
          requestRollups.resolution,
          requestRollups.periodStart,
          requestRollups.instanceId,
          requestRollups.route,
          requestRollups.method,
          requestRollups.organizationId,
        ],
        set: {
          requests: sql`${requestRollups.requests} + excluded.requests`,
          errors: sql`${requestRollups.errors} + excluded.errors`,
          durationSumMs: sql`${requestRollups.durationSumMs} + excluded.duration_sum_ms`,
          satisfied: sql`${requestRollups.satisfied} + excluded.satisfied`,
          tolerating: sql`${requestRollups.tolerating} + excluded.tolerating`,
          statusCounts: sql`(select coalesce(jsonb_object_agg(key, n), '{}'::jsonb) from (
          select key, sum(value::int)::int as n from (
            select * from jsonb_each_text(${requestRollups.statusCounts})
            union all select * from jsonb_each_text(excluded.status_counts)) s group by key) merged)`,
          latencyBuckets: sql`(select array_agg(b order by b) from (
          select b from unnest(${requestRollups.latencyBuckets} || excluded.latency_buckets) b group by b) merged)`,
          latencyCounts: sql`(select array_agg(n order by b) from (
          select b, sum(n)::int as n from unnest(${requestRollups.latencyBuckets} || excluded.latency_buckets,
            ${requestRollups.latencyCounts} || excluded.latency_counts) as u(b, n) group by b) merged)`,
        },
      });
  }
  if (examples.length === 0) return;
  await db
    .insert(requestErrorExamples)
    .values(examples.map((e) => ({ ...e, lastSeenAt: new Date(e.lastSeenAt) })))
    .onConflictDoUpdate({
      target: [
        requestErrorExamples.route,
        requestErrorExamples.method,
        requestErrorExamples.status,
        requestErrorExamples.message,
      ],
      set: {
        count: sql`${requestErrorExamples.count} + excluded.count`,
        lastSeenAt: sql`greatest(${requestErrorExamples.lastSeenAt}, excluded.last_seen_at)`,
      },
    });
  await trimExamples(db);
}

/** Keeps the newest few messages of each route, method and status. */
export async function trimExamples(db: Db): Promise<void> {
  await db.execute(sql`
    delete from request_error_examples e using (
      select route, method, status, message,
        row_number() over (partition by route, method, status order by last_seen_at desc, message) as rank
      from request_error_examples
    ) ranked
    where e.route = ranked.route and e.method = ranked.method and e.status = ranked.status
      and e.message = ranked.message and ranked.rank > ${EXAMPLES_KEPT}`);
}
