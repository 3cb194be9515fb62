import { sql } from 'drizzle-orm';
import { JOB_RECENT_FAILURES, JOB_STATES, type JobQueueSummary, type JobState } from '../../shared/api/jobs';
import type { Db } from '../db/client';
import { JOBS_SCHEMA } from './runner';

const schema = sql.identifier(JOBS_SCHEMA);
/** pg-boss's own queues (e.g. the one that turns cron ticks into jobs) are its business, not the screen's. */
const INTERNAL = '\\_\\_pgboss\\_\\_%';

/**
 * Every queue with its jobs counted by state and its latest failures (the dead letters), read straight
 * from pg-boss's tables: one query each, whichever instance answers. Before the runner first started
 * there are no tables, and no queues.
 */
export async function jobQueuesOverview(db: Db): Promise<JobQueueSummary[]> {
  const installed = (await db.execute(
    sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as ok`,
  )) as { rows: { ok: boolean }[] };
  if (!installed.rows[0]?.ok) return [];

  const counts = (await db.execute(sql`
    select q.name, q.policy, j.state::text as state, count(j.id)::int as n
    from ${schema}.queue q left join ${schema}.job j on j.name = q.name
    where q.name not like ${INTERNAL}
    group by q.name, q.policy, j.state
    order by q.name`)) as { rows: { name: string; policy: string; state: JobState | null; n: number }[] };
  const failures = (await db.execute(sql`
    select name, id::text, failed_at, retries, error from (
      select name, id, to_char(completed_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as failed_at,
        retry_count as retries, coalesce(output->>'message', output::text) as error,
        row_number() over (partition by name order by completed_on desc nulls last) as rank
      from ${schema}.job where state = 'failed' and name not like ${INTERNAL}
    ) latest where rank <= ${JOB_RECENT_FAILURES}
    order by name, rank`)) as {
    rows: { name: string; id: string; failed_at: string | null; retries: number; error: string | null }[];
  };

  const queues = new Map<string, JobQueueSummary>();
  for (const row of counts.rows) {
    const queue = queues.get(row.name) ?? {
      name: row.name,
      policy: row.policy,
      counts: Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>,
      recentFailures: [],
    };
    if (row.state) queue.counts[row.state] = Number(row.n);
    queues.set(row.name, queue);
  }
  for (const row of failures.rows) {
    queues.get(row.name)?.recentFailures.push({
      id: row.id,
      failedAt: row.failed_at,
      retries: Number(row.retries),
      error: row.error ?? 'unknown error',
    });
  }
  return [...queues.values()];
}
