import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../domain/business/sql';
import { merge, type Histogram } from '../histogram';
import { HOUR_MS } from '../rollup';
import { histogramsBy } from '../window';

export interface Totals {
  requests: number;
  errors: number;
  duration: number;
  satisfied: number;
  tolerating: number;
}

/**
 * What API Performance needs of a span of roll-up rows, in a form that adds up: spans merge by summing
 * counts and histogram buckets, so a window's figures are the sum of its pieces' figures.
 */
export interface SpanFigures {
  /** Keyed by `${method} ${route}`. */
  endpoints: Map<string, { route: string; method: string; totals: Totals; histogram: Histogram }>;
  /** Keyed by the step's start (ms since the epoch). */
  steps: Map<number, { totals: Totals; histogram: Histogram }>;
  /** Error status → count. */
  statuses: Map<number, number>;
  /** Serving instance → its totals (its region is looked up when the answer is built). */
  instances: Map<string, Totals>;
}

const sums = sql`sum(requests)::int as requests, sum(errors)::int as errors,
  coalesce(sum(duration_sum_ms), 0)::float8 as duration, sum(satisfied)::int as satisfied,
  sum(tolerating)::int as tolerating`;

export const endpointKey = (method: string, route: string) => `${method} ${route}`;

export const noTotals = (): Totals => ({ requests: 0, errors: 0, duration: 0, satisfied: 0, tolerating: 0 });

export function addTotals(into: Totals, other: Totals): Totals {
  into.requests += other.requests;
  into.errors += other.errors;
  into.duration += other.duration;
  into.satisfied += other.satisfied;
  into.tolerating += other.tolerating;
  return into;
}

const totalsOf = (r: Totals): Totals => ({
  requests: Number(r.requests),
  errors: Number(r.errors),
  duration: Number(r.duration),
  satisfied: Number(r.satisfied),
  tolerating: Number(r.tolerating),
});

/** The figures of the roll-up rows `source` (an SQL subquery), in steps of `stepMs` counted from the epoch. */
export async function spanFigures(db: Db, source: SQL, stepMs: number): Promise<SpanFigures> {
  const step = sql`floor(extract(epoch from r.period_start) * 1000 / ${stepMs})::int`;
  const [byEndpoint, byStep, statuses, byInstance, endpointHistograms, stepHistograms] = await Promise.all([
    rows<Totals & { route: string; method: string }>(
      db,
      sql`select route, method, ${sums} from ${source} r group by route, method`,
    ),
    rows<Totals & { step: number }>(db, sql`select ${step} as step, ${sums} from ${source} r group by 1`),
    rows<{ status: number; n: number }>(
      db,
      sql`select s.key::int as status, sum(s.value::int)::int as n
        from ${source} r, jsonb_each_text(r.status_counts) s group by 1`,
    ),
    rows<Totals & { instance_id: string }>(db, sql`select instance_id, ${sums} from ${source} r group by 1`),
    histogramsBy(db, source, sql`r.method || ' ' || r.route`),
    histogramsBy(db, source, step),
  ]);
  return {
    endpoints: new Map(
      byEndpoint.map((r) => {
        const key = endpointKey(r.method, r.route);
        const histogram = endpointHistograms.get(key) ?? new Map();
        return [key, { route: r.route, method: r.method, totals: totalsOf(r), histogram }];
      }),
    ),
    steps: new Map(
      byStep.map((r) => [
        Number(r.step) * stepMs,
        { totals: totalsOf(r), histogram: stepHistograms.get(String(r.step)) ?? new Map() },
      ]),
    ),
    statuses: new Map(statuses.map((s) => [Number(s.status), Number(s.n)])),
    instances: new Map(byInstance.map((r) => [r.instance_id, totalsOf(r)])),
  };
}

/** The sum of spans' figures (new maps: the spans, which may be cached, are left as they were). */
export function mergeFigures(spans: readonly SpanFigures[]): SpanFigures {
  const sum: SpanFigures = {
    endpoints: new Map(),
    steps: new Map(),
    statuses: new Map(),
    instances: new Map(),
  };
  for (const span of spans) {
    for (const [key, e] of span.endpoints) {
      const into = sum.endpoints.get(key);
      if (into) {
        addTotals(into.totals, e.totals);
        merge(into.histogram, e.histogram);
      } else {
        sum.endpoints.set(key, {
          route: e.route,
          method: e.method,
          totals: addTotals(noTotals(), e.totals),
          histogram: new Map(e.histogram),
        });
      }
    }
    for (const [start, s] of span.steps) {
      const into = sum.steps.get(start);
      if (into) {
        addTotals(into.totals, s.totals);
        merge(into.histogram, s.histogram);
      } else {
        sum.steps.set(start, { totals: addTotals(noTotals(), s.totals), histogram: new Map(s.histogram) });
      }
    }
    for (const [status, n] of span.statuses) sum.statuses.set(status, (sum.statuses.get(status) ?? 0) + n);
    for (const [id, t] of span.instances) {
      sum.instances.set(id, addTotals(sum.instances.get(id) ?? noTotals(), t));
    }
  }
  return sum;
}

/**
 * Settled hours are read once per block of this size and kept: a 7-day window is 28 blocks, of which only
 * the two at its edges change as the window slides, each hour.
 */
export const SETTLED_BLOCK_MS = 6 * HOUR_MS;

const settledBlocks = new WeakMap<Db, Map<string, Promise<SpanFigures>>>();

/**
 * The figures of the hour rows in [from, until), where `until` is at most the last hour rolled up: the
 * roll-up job recomputes from its last hour onwards and never rewrites an earlier one, so the hours before
 * it are settled and their figures can be kept in memory, per database, in blocks of SETTLED_BLOCK_MS
 * (only the blocks of the latest call are kept). `stepMs` must divide SETTLED_BLOCK_MS.
 */
export async function settledHourFigures(
  db: Db,
  from: number,
  until: number,
  stepMs: number,
): Promise<SpanFigures[]> {
  const cached = settledBlocks.get(db) ?? new Map<string, Promise<SpanFigures>>();
  const used = new Map<string, Promise<SpanFigures>>();
  for (let block = from - (from % SETTLED_BLOCK_MS); block < until; block += SETTLED_BLOCK_MS) {
    const start = Math.max(block, from);
    const end = Math.min(block + SETTLED_BLOCK_MS, until);
    const key = `${stepMs}:${start}:${end}`;
    let figures = cached.get(key);
    if (!figures) {
      const read = spanFigures(
        db,
        sql`(select * from request_rollups where resolution = 'hour'
          and period_start >= ${new Date(start)} and period_start < ${new Date(end)})`,
        stepMs,
      );
      // A failed read is not kept: the next call reads the block again.
      read.catch(() => {
        if (settledBlocks.get(db)?.get(key) === read) settledBlocks.get(db)?.delete(key);
      });
      figures = read;
    }
    used.set(key, figures);
  }
  settledBlocks.set(db, used);
  return Promise.all(used.values());
}
