/**
 * The 7-day API Performance read against figures worked out by hand: hour rows up to the first hour not
 * rolled up and minutes after it, nothing counted twice; read in blocks kept between calls, a block that
 * gains rows is read again, and the window sliding by an hour drops the hour that left it.
 */
import { describe, expect, it } from 'vitest';
import type { ApiPerformance } from '../../../../shared/api/monitoring';
import { requestRollups } from '../../../../server/db/schema';
import { bucketValue } from '../../../../server/monitoring/histogram';
import { registerInstance } from '../../../../server/monitoring/instance';
import { apiPerformance } from '../../../../server/monitoring/read/api-performance';
import { testDatabases } from '../../../support/databases';
import { useServerSuite } from '../../../support/suite';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const p = (bucket: number) => Math.round(bucketValue(bucket) * 10) / 10;

interface Row {
  resolution: 'minute' | 'hour';
  periodStart: Date;
  instanceId: string;
  route: string;
  method?: string;
  requests: number;
  errors?: number;
  statusCounts?: Record<string, number>;
  durationSumMs: number;
  buckets: number[];
  counts: number[];
}

const row = (r: Row) => ({
  resolution: r.resolution,
  periodStart: r.periodStart,
  instanceId: r.instanceId,
  route: r.route,
  method: r.method ?? 'GET',
  organizationId: '',
  requests: r.requests,
  errors: r.errors ?? 0,
  statusCounts: r.statusCounts ?? {},
  durationSumMs: r.durationSumMs,
  satisfied: r.requests - (r.errors ?? 0),
  tolerating: 0,
  latencyBuckets: r.buckets,
  latencyCounts: r.counts,
});

const trendAt = (answer: ApiPerformance, iso: string) =>
  answer.trend.find((t) => t.time === new Date(iso).toISOString());

describe.each(testDatabases)('the 7-day API Performance window on $name', (target) => {
  // 09:30 on 2 March: the window is [23 Feb 10:00, 2 Mar 10:00), 168 hourly steps.
  const suite = useServerSuite(target, { app: false });

  it('reads the hours rolled up and the minutes after them once each', async () => {
    const { db } = suite.database;
    await registerInstance(db, {
      id: 'a',
      host: 'h',
      region: 'local',
      version: '1',
      startedAt: Date.parse('2026-03-02T09:00:00Z'),
    });
    await db.insert(requestRollups).values([
      // Before the window: left out.
      row({
        resolution: 'hour',
        periodStart: at('2026-02-23T09:00:00Z'),
        instanceId: 'a',
        route: '/a',
        requests: 1000,
        durationSumMs: 1,
        buckets: [1],
        counts: [1000],
      }),
      // The window's first hour (mid-block: blocks start at 00, 06, 12 and 18 h).
      row({
        resolution: 'hour',
        periodStart: at('2026-02-23T10:00:00Z'),
        instanceId: 'a',
        route: '/a',
        requests: 10,
        errors: 1,
        statusCounts: { '500': 1 },
        durationSumMs: 1000,
        buckets: [100],
        counts: [10],
      }),
      row({
        resolution: 'hour',
        periodStart: at('2026-02-26T12:00:00Z'),
        instanceId: 'a',
        route: '/a',
        requests: 20,
        durationSumMs: 400,
        buckets: [50, 60],
        counts: [10, 10],
      }),
      row({
        resolution: 'hour',
        periodStart: at('2026-03-02T07:00:00Z'),
        instanceId: 'b',
        route: '/b',
        method: 'POST',
        requests: 5,
        errors: 5,
        statusCounts: { '503': 5 },
        durationSumMs: 5000,
        buckets: [300],
        counts: [5],
      }),
      // The last hour rolled up (read afresh, as the job may still rewrite it) and one of its minutes.
      row({
        resolution: 'hour',
        periodStart: at('2026-03-02T08:00:00Z'),
        instanceId: 'a',
        route: '/a',
        requests: 4,
        durationSumMs: 40,
        buckets: [100],
        counts: [4],
      }),
      row({
        resolution: 'minute',
        periodStart: at('2026-03-02T08:30:00Z'),
        instanceId: 'a',
        route: '/a',
        requests: 4,
        durationSumMs: 40,
        buckets: [100],
        counts: [4],
      }),
      // The current hour: minutes only.
      row({
        resolution: 'minute',
        periodStart: at('2026-03-02T09:10:00Z'),
        instanceId: 'b',
        route: '/a',
        requests: 6,
        durationSumMs: 60,
        buckets: [80],
        counts: [6],
      }),
    ]);

    const now = Date.parse('2026-03-02T09:30:00Z');
    const first = await apiPerformance(db, '7d', now);
    // Read again: the blocks now come from memory, with the same answer.
    expect(await apiPerformance(db, '7d', now)).toEqual(first);

    expect(first.trend).toHaveLength(168);
    expect(first.trend[0]!.time).toBe('2026-02-23T10:00:00.000Z');
    expect(first.kpis).toEqual({ averageMs: 144.4, requests: 45, errorRate: 13.33, p95Ms: p(300) });
    const a = first.endpoints.find((e) => e.route === '/a')!;
    // /a: 10 + 20 + 4 + 6 requests; buckets 50 ×10, 60 ×10, 80 ×6, 100 ×14: rank ⌊0.95 × 39⌋ = 37 is in 100.
    expect(a).toMatchObject({ method: 'GET', requests: 40, averageMs: 37.5, errorRate: 2.5, p95Ms: p(100) });
    expect(a.status).toBe('warning');
    expect(first.endpoints.find((e) => e.route === '/b')).toMatchObject({
      method: 'POST',
      requests: 5,
      averageMs: 1000,
      errorRate: 100,
      p95Ms: p(300),
      status: 'critical',
    });
    expect(first.endpoints.map((e) => e.route)).toEqual(['/a', '/b']);
    // All 45: 50 ×10, 60 ×10, 80 ×6, 100 ×14, 300 ×5; ranks 22, 41, 43.
    expect(first.latency).toEqual({ p50: p(80), p95: p(300), p99: p(300) });
    expect(trendAt(first, '2026-02-23T10:00:00Z')).toMatchObject({ requests: 10, errors: 1, p50: p(100) });
    expect(trendAt(first, '2026-02-26T12:00:00Z')).toMatchObject({ requests: 20, errors: 0, p50: p(50) });
    expect(trendAt(first, '2026-03-02T07:00:00Z')).toMatchObject({ requests: 5, errors: 5 });
    expect(trendAt(first, '2026-03-02T08:00:00Z')).toMatchObject({ requests: 4, errors: 0 });
    expect(trendAt(first, '2026-03-02T09:00:00Z')).toMatchObject({ requests: 6, p95: p(80) });
    expect(first.trend.reduce((n, t) => n + t.requests, 0)).toBe(45);
    expect(first.errors.map(({ status, count, percentage }) => ({ status, count, percentage }))).toEqual([
      { status: 500, count: 1, percentage: 16.67 },
      { status: 503, count: 5, percentage: 83.33 },
    ]);
    // Instance a (local): 10 + 20 + 4; instance b (not registered): 5 + 6.
    expect(first.regions).toEqual([
      { region: 'local', instances: 1, requests: 34, averageMs: 42.4, errorRate: 2.94 },
      { region: 'unknown', instances: 1, requests: 11, averageMs: 460, errorRate: 45.45 },
    ]);

    // An hour later the job has rolled 09:00 up; the window is [23 Feb 11:00, 2 Mar 11:00).
    await db.insert(requestRollups).values([
      row({
        resolution: 'hour',
        periodStart: at('2026-03-02T09:00:00Z'),
        instanceId: 'b',
        route: '/a',
        requests: 6,
        durationSumMs: 60,
        buckets: [80],
        counts: [6],
      }),
      row({
        resolution: 'minute',
        periodStart: at('2026-03-02T10:05:00Z'),
        instanceId: 'a',
        route: '/b',
        method: 'POST',
        requests: 2,
        durationSumMs: 20,
        buckets: [90],
        counts: [2],
      }),
    ]);
    const later = await apiPerformance(db, '7d', now + HOUR);
    expect(later.trend[0]!.time).toBe('2026-02-23T11:00:00.000Z');
    expect(later.kpis).toMatchObject({ requests: 37, errorRate: 13.51 });
    expect(later.endpoints.find((e) => e.route === '/a')).toMatchObject({ requests: 30, errorRate: 0 });
    expect(later.endpoints.find((e) => e.route === '/b')).toMatchObject({ requests: 7, errorRate: 71.43 });
    expect(trendAt(later, '2026-03-02T08:00:00Z')).toMatchObject({ requests: 4 });
    expect(trendAt(later, '2026-03-02T09:00:00Z')).toMatchObject({ requests: 6 });
    expect(trendAt(later, '2026-03-02T10:00:00Z')).toMatchObject({ requests: 2 });
    expect(later.errors.map((e) => [e.status, e.count])).toEqual([[503, 5]]);

    // A row added to a block read before (an hour 3 days back) is counted at the next call.
    await db.insert(requestRollups).values(
      row({
        resolution: 'hour',
        periodStart: at('2026-02-26T13:00:00Z'),
        instanceId: 'a',
        route: '/c',
        requests: 3,
        durationSumMs: 30,
        buckets: [70],
        counts: [3],
      }),
    );
    const again = await apiPerformance(db, '7d', now + HOUR);
    expect(again.kpis.requests).toBe(40);
    expect(again.endpoints.find((e) => e.route === '/c')).toMatchObject({ requests: 3, averageMs: 10 });
    expect(trendAt(again, '2026-02-26T13:00:00Z')).toMatchObject({ requests: 3, p50: p(70) });
  });
});
