import { sql } from 'drizzle-orm';
import type { ApiPerformance, EndpointRow } from '../../../shared/api/monitoring';
import { apdex, endpointStatus, RANGE_STEPS, type ApiRange } from '../../../shared/monitoring';
import type { Db } from '../../db/client';
import { rows } from '../../domain/business/sql';
import { merge, type Histogram } from '../histogram';
import { MINUTE_MS } from '../recorder';
import { histogramsBy, percentiles, ratePercent, round, windowRows } from '../window';

/** Sparkline: the last 10 of 60 per-minute points (part 2 §9). */
export const SPARKLINE_POINTS = 10;
const EXAMPLES_PER_STATUS = 4;

interface Totals {
  requests: number;
  errors: number;
  duration: number;
  satisfied: number;
  tolerating: number;
}

const sums = sql`sum(requests)::int as requests, sum(errors)::int as errors,
  coalesce(sum(duration_sum_ms), 0)::float8 as duration, sum(satisfied)::int as satisfied,
  sum(tolerating)::int as tolerating`;

const endpointKey = (method: string, route: string) => `${method} ${route}`;

/** The API Performance screen for one range, from the request roll-ups of every instance. */
export async function apiPerformance(db: Db, range: ApiRange, now: number): Promise<ApiPerformance> {
  const { minutes, points } = RANGE_STEPS[range];
  const stepMs = minutes * MINUTE_MS;
  const to = now - (now % stepMs) + stepMs;
  const from = to - points * stepMs;
  const source = await windowRows(db, { from, to, hours: minutes >= 60 });
  const step = sql`floor((extract(epoch from period_start) * 1000 - ${from}) / ${stepMs})::int`;

  const [byEndpoint, byStep, statuses, regions, routeHistograms, stepHistograms, spark] = await Promise.all([
    rows<Totals & { route: string; method: string }>(
      db,
      sql`select route, method, ${sums} from ${source} r group by route, method`,
    ),
    rows<Totals & { step: number }>(db, sql`select ${step} as step, ${sums} from ${source} r group by 1`),
    rows<{ status: number; n: number }>(
      db,
      sql`select s.key::int as status, sum(s.value::int)::int as n
        from ${source} r, jsonb_each_text(r.status_counts) s group by 1 order by 1`,
    ),
    rows<Totals & { region: string; instances: number }>(
      db,
      sql`select coalesce(i.region, 'unknown') as region, count(distinct r.instance_id)::int as instances, ${sums}
        from ${source} r left join server_instances i on i.id = r.instance_id group by 1 order by 1`,
    ),
    histogramsBy(db, source, sql`r.method || ' ' || r.route`),
    histogramsBy(
      db,
      source,
      sql`floor((extract(epoch from r.period_start) * 1000 - ${from}) / ${stepMs})::int`,
    ),
    sparklines(db, now),
  ]);

  const examples = await errorExamples(db, from);
  const total = byEndpoint.reduce(
    (t, r) => ({
      requests: t.requests + r.requests,
      errors: t.errors + r.errors,
      duration: t.duration + r.duration,
      satisfied: t.satisfied + r.satisfied,
      tolerating: t.tolerating + r.tolerating,
    }),
    { requests: 0, errors: 0, duration: 0, satisfied: 0, tolerating: 0 },
  );
  const all: Histogram = new Map();
  for (const histogram of routeHistograms.values()) merge(all, histogram);
  const overall = percentiles(all);

  const stepTotals = new Map(byStep.map((r) => [Number(r.step), r]));
  const endpoints: EndpointRow[] = byEndpoint
    .map((r) => {
      const key = endpointKey(r.method, r.route);
      const errorRate = ratePercent(r.errors, r.requests);
      return {
        route: r.route,
        method: r.method,
        sparkline: spark.get(key) ?? Array<null>(SPARKLINE_POINTS).fill(null),
        averageMs: round(r.requests > 0 ? r.duration / r.requests : null),
        p95Ms: percentiles(routeHistograms.get(key)).p95,
        requests: r.requests,
        errorRate,
        apdex: apdex(r.satisfied, r.tolerating, r.requests),
        status: endpointStatus(errorRate),
      };
    })
    .sort((a, b) => b.requests - a.requests);

  return {
    range,
    generatedAt: new Date(now).toISOString(),
    stepMinutes: minutes,
    kpis: {
      averageMs: round(total.requests > 0 ? total.duration / total.requests : null),
      requests: total.requests,
      errorRate: ratePercent(total.errors, total.requests),
      p95Ms: overall.p95,
    },
    latency: overall,
    apdex: apdex(total.satisfied, total.tolerating, total.requests),
    trend: Array.from({ length: points }, (_, i) => {
      const t = stepTotals.get(i);
      return {
        time: new Date(from + i * stepMs).toISOString(),
        requests: t?.requests ?? 0,
        errors: t?.errors ?? 0,
        ...percentiles(stepHistograms.get(String(i))),
      };
    }),
    endpoints,
    errors: statuses.map((s) => ({
      status: Number(s.status),
      count: Number(s.n),
      percentage: ratePercent(Number(s.n), total.errors),
      examples: examples.get(Number(s.status)) ?? [],
    })),
    regions: regions.map((r) => ({
      region: r.region,
      instances: r.instances,
      requests: r.requests,
      averageMs: round(r.requests > 0 ? r.duration / r.requests : null),
      errorRate: ratePercent(r.errors, r.requests),
    })),
  };
}

/** Mean duration per minute of each endpoint over the last SPARKLINE_POINTS minutes (this one included). */
async function sparklines(db: Db, now: number): Promise<Map<string, (number | null)[]>> {
  const to = now - (now % MINUTE_MS) + MINUTE_MS;
  const from = to - SPARKLINE_POINTS * MINUTE_MS;
  const found = await rows<{
    method: string;
    route: string;
    slot: number;
    requests: number;
    duration: number;
  }>(
    db,
    sql`select method, route, floor((extract(epoch from period_start) * 1000 - ${from}) / ${MINUTE_MS})::int as slot,
      sum(requests)::int as requests, sum(duration_sum_ms)::float8 as duration
      from request_rollups where resolution = 'minute' and period_start >= ${new Date(from)}
        and period_start < ${new Date(to)}
      group by 1, 2, 3`,
  );
  const lines = new Map<string, (number | null)[]>();
  for (const r of found) {
    const key = endpointKey(r.method, r.route);
    const line = lines.get(key) ?? Array<number | null>(SPARKLINE_POINTS).fill(null);
    line[Number(r.slot)] = round(r.requests > 0 ? r.duration / r.requests : null);
    lines.set(key, line);
  }
  return lines;
}

async function errorExamples(db: Db, since: number) {
  const found = await rows<{ status: number; route: string; method: string; message: string; count: number }>(
    db,
    sql`select status, route, method, message, count from (
        select *, row_number() over (partition by status order by last_seen_at desc, message) as rank
        from request_error_examples where last_seen_at >= ${new Date(since)}
      ) latest where rank <= ${EXAMPLES_PER_STATUS} order by status, rank`,
  );
  const byStatus = new Map<number, { route: string; method: string; message: string; count: number }[]>();
  for (const e of found) {
    const list = byStatus.get(Number(e.status)) ?? [];
    list.push({ route: e.route, method: e.method, message: e.message, count: Number(e.count) });
    byStatus.set(Number(e.status), list);
  }
  return byStatus;
}
