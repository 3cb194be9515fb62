import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { fromArrays, merge, quantile, type Histogram } from './histogram';
import { rolledUpTo } from './rollup';

/** A span of request roll-ups: [from, to), hour rows allowed when `from` is on an hour. */
export interface Window {
  from: number;
  to: number;
  hours: boolean;
}

/**
 * The roll-up rows of a window: hour rows for the hours already rolled up (when the window allows hours)
 * and minute rows for the rest, so that nothing is counted twice and a long window reads ~60× fewer rows.
 */
export async function windowRows(db: Db, window: Window): Promise<SQL> {
  const from = new Date(window.from);
  const to = new Date(window.to);
  const rolled = window.hours ? await rolledUpTo(db) : null;
  if (rolled === null || rolled <= window.from) {
    return sql`(select * from request_rollups where resolution = 'minute'
      and period_start >= ${from} and period_start < ${to})`;
  }
  const cut = new Date(Math.min(rolled, window.to));
  return sql`(select * from request_rollups where (resolution = 'hour' and period_start >= ${from}
      and period_start < ${cut}) or (resolution = 'minute' and period_start >= ${cut} and period_start < ${to}))`;
}

export interface BucketRow {
  key: string;
  bucket: number;
  n: number;
}

/** Histograms per key (an SQL expression over the rows), merged by summing each bucket in SQL. */
export async function histogramsBy(db: Db, rows: SQL, key: SQL): Promise<Map<string, Histogram>> {
  const result = (await db.execute(sql`
    select ${key} as key, b.bucket, sum(b.n)::int as n
    from ${rows} r, unnest(r.latency_buckets, r.latency_counts) as b(bucket, n)
    group by 1, 2`)) as { rows: BucketRow[] };
  const histograms = new Map<string, Histogram>();
  for (const row of result.rows) {
    const key = String(row.key);
    let histogram = histograms.get(key);
    if (!histogram) histograms.set(key, (histogram = new Map()));
    merge(histogram, [[Number(row.bucket), Number(row.n)]]);
  }
  return histograms;
}

export const percentiles = (histogram: Histogram | undefined) => ({
  p50: round(histogram ? quantile(histogram, 0.5) : null),
  p95: round(histogram ? quantile(histogram, 0.95) : null),
  p99: round(histogram ? quantile(histogram, 0.99) : null),
});

export const round = (value: number | null, digits = 1): number | null =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 10 ** digits) / 10 ** digits;

export const ratePercent = (part: number, total: number) =>
  total > 0 ? Math.round((part / total) * 10_000) / 100 : 0;

export { fromArrays };
