import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rows } from '../../db/results';
import { merge, type Histogram } from '../histogram';
import { MINUTE_MS } from '../recorder';
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

/** Blocks of a window read and kept apart: hour rows by 6 hours, minute rows by 10 minutes. */
export const BLOCK_MS = { hour: 6 * HOUR_MS, minute: 10 * MINUTE_MS } as const;

/** A window's rows: hour rows in [from, cut), minute rows in [cut, to). */
export interface RollupWindow {
  from: number;
  cut: number;
  to: number;
}

interface Kept {
  fingerprint: string;
  figures: Promise<SpanFigures>;
}

/** Per database, per step: the blocks the latest call read. */
const kept = new WeakMap<Db, Map<number, Map<string, Kept>>>();

/**
 * The figures of a window, one block at a time. A block's figures are kept between calls with its
 * fingerprint (per period: rows, requests, errors and duration summed), read each call in one cheap pass
 * over the window (no histograms): roll-up rows
 * are only ever added to (a flush adds to its minute, the hour job recomputes an hour from its minutes)
 * or purged past retention, so a block whose fingerprint did not move holds the same rows. Only the blocks
 * that moved (the current minutes, the hour just rolled up, the window's edges) are read again.
 */
export async function windowFigures(db: Db, window: RollupWindow, stepMs: number): Promise<SpanFigures[]> {
  const { from, cut, to } = window;
  // Grouped by period (a cheap key), folded into blocks here.
  const periods = await rows<{
    resolution: 'hour' | 'minute';
    period_start: string | Date;
    n: number;
    requests: number;
    errors: number;
    duration: number;
  }>(
    db,
    sql`select resolution, period_start, count(*)::int as n, sum(requests)::int as requests,
        sum(errors)::int as errors, sum(duration_sum_ms)::float8 as duration
      from request_rollups
      where (resolution = 'hour' and period_start >= ${new Date(from)} and period_start < ${new Date(cut)})
        or (resolution = 'minute' and period_start >= ${new Date(cut)} and period_start < ${new Date(to)})
      group by 1, 2`,
  );
  const blocks = new Map<
    string,
    { resolution: 'hour' | 'minute'; start: number; end: number; parts: string[] }
  >();
  for (const p of periods) {
    const at = new Date(p.period_start).getTime();
    const blockMs = BLOCK_MS[p.resolution];
    const [partFrom, partTo] = p.resolution === 'hour' ? [from, cut] : [cut, to];
    const start = Math.max(at - (at % blockMs), partFrom);
    const end = Math.min(at - (at % blockMs) + blockMs, partTo);
    const key = `${p.resolution}:${start}:${end}`;
    const block = blocks.get(key) ?? { resolution: p.resolution, start, end, parts: [] };
    block.parts.push(`${at}:${p.n}:${p.requests}:${p.errors}:${p.duration}`);
    blocks.set(key, block);
  }
  const byStep = kept.get(db) ?? new Map<number, Map<string, Kept>>();
  kept.set(db, byStep);
  const previous = byStep.get(stepMs) ?? new Map<string, Kept>();
  const used = new Map<string, Kept>();
  for (const [key, { resolution, start, end, parts }] of blocks) {
    const fingerprint = parts.sort().join('|');
    let entry = previous.get(key);
    if (entry?.fingerprint !== fingerprint) {
      const figures = spanFigures(
        db,
        sql`(select * from request_rollups where resolution = ${resolution}
          and period_start >= ${new Date(start)} and period_start < ${new Date(end)})`,
        stepMs,
      );
      entry = { fingerprint, figures };
      // A failed read is not kept: the next call reads the block again.
      const failed = entry;
      figures.catch(() => {
        if (byStep.get(stepMs)?.get(key) === failed) byStep.get(stepMs)?.delete(key);
      });
    }
    used.set(key, entry);
  }
  byStep.set(stepMs, used);
  return Promise.all([...used.values()].map((e) => e.figures));
}
