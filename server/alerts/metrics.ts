import { sql } from 'drizzle-orm';
import {
  METRICS,
  WINDOW_MINUTES,
  type Aggregation,
  type MetricId,
  type RuleFilter,
  type TimeWindow,
} from '../../shared/alerting';
import type { Db } from '../db/client';
import { budgetsOf } from '../business/cost';
import { platformMrr } from '../business/current-mrr';
import { businessFigures } from '../business/dashboard';
import { DAY_MS } from '../business/formulas';
import { rows } from '../db/results';
import { quantile } from '../monitoring/histogram';
import { MINUTE_MS } from '../monitoring/recorder';
import { histogramsBy, ratePercent, windowRows } from '../monitoring/window';

/**
 * The metrics a rule watches, read by the same code as the screens that show them: request roll-ups and
 * their latency histograms merged in SQL (API Performance), process samples (System Health), the audit
 * trail (failed sign-ins), the business dashboard and cost budgets (Dashboard, Cost Optimization).
 */
export interface Series {
  labels: Record<string, string>;
  /** Null: no data in the window. */
  value: number | null;
}

export interface MetricQuery {
  metric: MetricId;
  aggregation: Aggregation;
  timeWindow: TimeWindow;
}

/** Reads each (metric, aggregation, window) once per evaluation, however many rules watch it. */
export class MetricCache {
  private readonly cache = new Map<string, Promise<Series[]>>();
  constructor(
    private readonly db: Db,
    private readonly now: number,
  ) {}

  read(query: MetricQuery, filters: readonly RuleFilter[]): Promise<Series[]> {
    const perLabel = filters.some((f) =>
      (METRICS[query.metric].labels as readonly string[]).includes(f.field),
    );
    const key = `${query.metric}|${query.aggregation}|${query.timeWindow}|${perLabel}`;
    let found = this.cache.get(key);
    if (!found) this.cache.set(key, (found = readMetric(this.db, query, perLabel, this.now)));
    return found.then((series) => series.filter((s) => matchesFilters(s.labels, filters)));
  }
}

export function matchesFilters(labels: Record<string, string>, filters: readonly RuleFilter[]): boolean {
  return filters.every(
    (f) => labels[f.field] === undefined || (labels[f.field] === f.value) === (f.operator === '=='),
  );
}

/** A list of samples reduced by the rule's aggregation; null when there are none. */
export function aggregate(values: readonly number[], aggregation: Aggregation): number | null {
  if (aggregation === 'count') return values.length;
  if (!values.length) return null;
  switch (aggregation) {
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'max':
      return Math.max(...values);
    case 'min':
      return Math.min(...values);
    case 'p95':
    case 'p99': {
      const sorted = [...values].sort((a, b) => a - b);
      const q = aggregation === 'p95' ? 0.95 : 0.99;
      return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
    }
  }
}

const round = (value: number | null) =>
  value === null || !Number.isFinite(value) ? null : Math.round(value * 100) / 100;

/**
 * One metric's series. Per-route and per-instance metrics give one series per label value when a rule
 * filters on that label, otherwise one series over everything.
 */
export async function readMetric(
  db: Db,
  query: MetricQuery,
  perLabel: boolean,
  now: number,
): Promise<Series[]> {
  const windowMs = WINDOW_MINUTES[query.timeWindow] * MINUTE_MS;
  const from = now - windowMs;
  const series = await readRaw(db, query, perLabel, from, now);
  return series.map((s) => ({ ...s, value: round(s.value) }));
}

async function readRaw(
  db: Db,
  q: MetricQuery,
  perLabel: boolean,
  from: number,
  now: number,
): Promise<Series[]> {
  switch (q.metric) {
    case 'request_rate':
    case 'error_rate':
    case 'latency':
      return requests(db, q, perLabel, from, now);
    case 'cpu':
      return samples(db, q, perLabel, from, now, sql`cpu_percent`);
    case 'memory':
      return samples(db, q, perLabel, from, now, sql`memory_percent`);
    case 'event_loop_delay':
      return samples(db, q, perLabel, from, now, sql`event_loop_delay_p99_ms`);
    case 'db_round_trip':
      return samples(db, q, perLabel, from, now, sql`db_round_trip_ms`);
    case 'job_failures':
      return samples(db, q, perLabel, from, now, sql`job_failures`);
    case 'disk_free':
      return samples(
        db,
        q,
        perLabel,
        from,
        now,
        sql`100.0 * disk_free_bytes / nullif(disk_free_bytes + disk_used_bytes, 0)`,
      );
    case 'failed_sign_ins': {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from audit_logs where action = 'LOGIN' and status = 'failure'
            and timestamp > ${new Date(from)} and timestamp <= ${new Date(now)}`,
      );
      return [{ labels: {}, value: row?.n ?? 0 }];
    }
    // The business figures are monthly by nature: they are read over the dashboard's 30 days.
    case 'mrr_change': {
      const [current, before] = await Promise.all([platformMrr(db, now), platformMrr(db, now - 30 * DAY_MS)]);
      return [{ labels: {}, value: before > 0 ? ((current - before) / before) * 100 : null }];
    }
    case 'churned_customers': {
      const figures = await businessFigures(db, now, '30d', null);
      return [{ labels: {}, value: figures.basis.customersLost }];
    }
    case 'new_trials': {
      const [row] = await rows<{ n: number }>(
        db,
        sql`select count(*)::int as n from subscription_events where type = 'trial_start'
            and occurred_at > ${new Date(now - 30 * DAY_MS)} and occurred_at <= ${new Date(now)}`,
      );
      return [{ labels: {}, value: row?.n ?? 0 }];
    }
    case 'cloud_cost_vs_budget': {
      const budgets = await budgetsOf(db, now);
      return budgets.map((b) => ({ labels: { budget: b.name }, value: b.usedPercent }));
    }
  }
}

/** Process samples of every instance in the window, per instance or over all of them. */
async function samples(
  db: Db,
  q: MetricQuery,
  perLabel: boolean,
  from: number,
  now: number,
  column: ReturnType<typeof sql>,
): Promise<Series[]> {
  const found = await rows<{ instance: string; value: number | null }>(
    db,
    sql`select instance_id as instance, (${column})::float8 as value from process_samples
        where sampled_at > ${new Date(from)} and sampled_at <= ${new Date(now)}`,
  );
  const values = found.filter((r) => r.value !== null);
  if (!perLabel) {
    const all = values.map((r) => Number(r.value));
    return [{ labels: {}, value: all.length ? aggregate(all, q.aggregation) : null }];
  }
  const byInstance = new Map<string, number[]>();
  for (const r of values)
    byInstance.set(r.instance, [...(byInstance.get(r.instance) ?? []), Number(r.value)]);
  return [...byInstance].map(([instance, list]) => ({
    labels: { instance },
    value: aggregate(list, q.aggregation),
  }));
}

/** Request roll-ups of the window (minute rows), per route or over all routes, as API Performance reads them. */
async function requests(
  db: Db,
  q: MetricQuery,
  perLabel: boolean,
  from: number,
  now: number,
): Promise<Series[]> {
  const source = await windowRows(db, { from, to: now, hours: false });
  const key = perLabel ? sql`r.method || ' ' || r.route` : sql`'all'`;
  const minutes = await rows<{
    key: string;
    minute: string;
    requests: number;
    errors: number;
    duration: number;
  }>(
    db,
    sql`select ${key} as key, period_start::text as minute, sum(requests)::int as requests,
        sum(errors)::int as errors, coalesce(sum(duration_sum_ms), 0)::float8 as duration
        from ${source} r group by 1, 2`,
  );
  const byKey = new Map<string, typeof minutes>();
  for (const m of minutes) byKey.set(m.key, [...(byKey.get(m.key) ?? []), m]);
  const histograms = q.metric === 'latency' ? await histogramsBy(db, source, key) : new Map();
  const labelsOf = (k: string): Record<string, string> => (perLabel ? { route: k } : {});
  if (!byKey.size)
    return [{ labels: {}, value: q.aggregation === 'count' || q.metric === 'request_rate' ? 0 : null }];

  return [...byKey].map(([k, list]) => {
    const requests = list.reduce((n, m) => n + m.requests, 0);
    const errors = list.reduce((n, m) => n + m.errors, 0);
    const duration = list.reduce((n, m) => n + m.duration, 0);
    const windowMinutes = WINDOW_MINUTES[q.timeWindow];
    if (q.metric === 'request_rate') {
      const perMinute = list.map((m) => m.requests);
      const value =
        q.aggregation === 'avg'
          ? requests / windowMinutes
          : q.aggregation === 'sum' || q.aggregation === 'count'
            ? requests
            : aggregate(perMinute, q.aggregation);
      return { labels: labelsOf(k), value };
    }
    if (q.metric === 'error_rate') {
      const value =
        q.aggregation === 'avg'
          ? requests > 0
            ? ratePercent(errors, requests)
            : null
          : q.aggregation === 'count' || q.aggregation === 'sum'
            ? errors
            : aggregate(
                list.filter((m) => m.requests > 0).map((m) => ratePercent(m.errors, m.requests)),
                q.aggregation,
              );
      return { labels: labelsOf(k), value };
    }
    const histogram = histograms.get(k);
    const quantileOf = (p: number) => (histogram ? quantile(histogram, p) : null);
    const value = {
      avg: requests > 0 ? duration / requests : null,
      p95: quantileOf(0.95),
      p99: quantileOf(0.99),
      max: quantileOf(1),
      min: quantileOf(0),
      count: requests,
      sum: duration,
    }[q.aggregation];
    return { labels: labelsOf(k), value };
  });
}
