import { sql } from 'drizzle-orm';
import type { ApiPerformance, EndpointRow } from '../../../shared/api/monitoring';
import { apdex, endpointStatus, RANGE_STEPS, type ApiRange } from '../../../shared/monitoring';
import type { Db } from '../../db/client';
import { rows } from '../../db/results';
import { merge, type Histogram } from '../histogram';
import { MINUTE_MS } from '../recorder';
import { rolledUpTo } from '../rollup';
import { percentiles, ratePercent, round } from '../window';
import {
  addTotals,
  endpointKey,
  mergeFigures,
  noTotals,
  spanFigures,
  windowFigures,
  type RollupWindow,
  type SpanFigures,
  type Totals,
} from './span';

/** Sparkline: the last 10 of 60 per-minute points (part 2 §9). */
export const SPARKLINE_POINTS = 10;
const EXAMPLES_PER_STATUS = 4;

/**
 * The API Performance screen for one range, from the request roll-ups of every instance. With
 * `organizationId` (a report limited to one organization), only the requests made for it: read in one pass,
 * not through the screen's block cache, which holds every organization's figures.
 */
export async function apiPerformance(
  db: Db,
  range: ApiRange,
  now: number,
  organizationId?: string,
): Promise<ApiPerformance> {
  const { minutes, points } = RANGE_STEPS[range];
  const stepMs = minutes * MINUTE_MS;
  const to = now - (now % stepMs) + stepMs;
  const from = to - points * stepMs;
  // Hour rows up to the first hour not rolled up yet (when the steps are hours), minutes after it.
  const rolled = minutes >= 60 ? await rolledUpTo(db) : null;
  const cut = rolled === null || rolled <= from ? from : Math.min(rolled, to);
  const [figures, spark, examples, regionOf] = await Promise.all([
    organizationId === undefined
      ? windowFigures(db, { from, cut, to }, stepMs).then(mergeFigures)
      : organizationFigures(db, { from, cut, to }, stepMs, organizationId),
    sparklines(db, now, organizationId),
    errorExamples(db, from, organizationId),
    instanceRegions(db),
  ]);

  const total = noTotals();
  const all: Histogram = new Map();
  for (const e of figures.endpoints.values()) {
    addTotals(total, e.totals);
    merge(all, e.histogram);
  }
  const overall = percentiles(all);

  const endpoints: EndpointRow[] = [...figures.endpoints.entries()]
    .map(([key, { route, method, totals: r, histogram }]) => {
      const errorRate = ratePercent(r.errors, r.requests);
      return {
        route,
        method,
        sparkline: spark.get(key) ?? Array<null>(SPARKLINE_POINTS).fill(null),
        averageMs: round(r.requests > 0 ? r.duration / r.requests : null),
        p95Ms: percentiles(histogram).p95,
        requests: r.requests,
        errorRate,
        apdex: apdex(r.satisfied, r.tolerating, r.requests),
        status: endpointStatus(errorRate),
      };
    })
    // Ties in a fixed order (by key), whichever order the pieces were merged in.
    .sort(
      (a, b) =>
        b.requests - a.requests ||
        compareText(endpointKey(a.method, a.route), endpointKey(b.method, b.route)),
    );

  const regions = new Map<string, { instances: number; totals: Totals }>();
  for (const [instanceId, totals] of figures.instances) {
    const region = regionOf.get(instanceId) ?? 'unknown';
    const into = regions.get(region) ?? { instances: 0, totals: noTotals() };
    into.instances += 1;
    addTotals(into.totals, totals);
    regions.set(region, into);
  }

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
      const start = from + i * stepMs;
      const step = figures.steps.get(start);
      return {
        time: new Date(start).toISOString(),
        requests: step?.totals.requests ?? 0,
        errors: step?.totals.errors ?? 0,
        ...percentiles(step?.histogram),
      };
    }),
    endpoints,
    errors: [...figures.statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => ({
        status,
        count,
        percentage: ratePercent(count, total.errors),
        examples: examples.get(status) ?? [],
      })),
    regions: [...regions.entries()]
      .sort(([a], [b]) => compareText(a, b))
      .map(([region, { instances, totals: r }]) => ({
        region,
        instances,
        requests: r.requests,
        averageMs: round(r.requests > 0 ? r.duration / r.requests : null),
        errorRate: ratePercent(r.errors, r.requests),
      })),
  };
}

interface ExampleRow {
  route: string;
  method: string;
  message: string;
  count: number;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The window's rows of one organization's requests (hour rows before the cut, minute rows after). */
function organizationFigures(
  db: Db,
  { from, cut, to }: RollupWindow,
  stepMs: number,
  organizationId: string,
): Promise<SpanFigures> {
  return spanFigures(
    db,
    sql`(select * from request_rollups where organization_id = ${organizationId}
      and ((resolution = 'hour' and period_start >= ${new Date(from)} and period_start < ${new Date(cut)})
        or (resolution = 'minute' and period_start >= ${new Date(cut)} and period_start < ${new Date(to)})))`,
    stepMs,
  );
}

async function instanceRegions(db: Db): Promise<Map<string, string>> {
  const found = await rows<{ id: string; region: string }>(db, sql`select id, region from server_instances`);
  return new Map(found.map((i) => [i.id, i.region]));
}

/** Mean duration per minute of each endpoint over the last SPARKLINE_POINTS minutes (this one included). */
async function sparklines(
  db: Db,
  now: number,
  organizationId?: string,
): Promise<Map<string, (number | null)[]>> {
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
        ${organizationId === undefined ? sql`` : sql`and organization_id = ${organizationId}`}
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

/** Examples are kept per route and status, not per organization: a report limited to one shows none. */
async function errorExamples(db: Db, since: number, organizationId?: string) {
  if (organizationId !== undefined) return new Map<number, ExampleRow[]>();
  const found = await rows<{ status: number; route: string; method: string; message: string; count: number }>(
    db,
    sql`select status, route, method, message, count from (
        select *, row_number() over (partition by status order by last_seen_at desc, message) as rank
        from request_error_examples where last_seen_at >= ${new Date(since)}
      ) latest where rank <= ${EXAMPLES_PER_STATUS} order by status, rank`,
  );
  const byStatus = new Map<number, ExampleRow[]>();
  for (const e of found) {
    const list = byStatus.get(Number(e.status)) ?? [];
    list.push({ route: e.route, method: e.method, message: e.message, count: Number(e.count) });
    byStatus.set(Number(e.status), list);
  }
  return byStatus;
}
