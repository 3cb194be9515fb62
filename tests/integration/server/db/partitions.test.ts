/**
 * The time-partitioned tables (issue 28, migration 0027) on both engines: the current partitions and the
 * next ones are made, rows written outside them wait in the DEFAULT partition and move into their own
 * partitions, retention drops whole partitions and deletes only the rows of the one the cut-off falls
 * in, instances maintaining at once take turns, and a table locked by a long reader defers the change to
 * the next run instead of failing or queueing every query behind it.
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/client';
import {
  ensurePartitions,
  listPartitions,
  maintainPartitions,
  partitionName,
  type TimePartitioned,
} from '../../../../server/db/partitions';
import { processSamples, usageEvents } from '../../../../server/db/schema';
import { SIGNAL_PARTITIONS } from '../../../../server/monitoring/rollup';
import { USAGE_PARTITIONS } from '../../../../server/usage/jobs';
import { testDatabases } from '../../../support/databases';
import { insertUser } from '../../../support/server';

const DAY = 86_400_000;
const T = Date.parse('2031-05-10T09:30:00.000Z');
const samples = SIGNAL_PARTITIONS.find((s) => s.table === 'process_samples')!;
const usage = USAGE_PARTITIONS[0]!;

const sample = (at: number, instanceId = 'i-1') => ({
  instanceId,
  sampledAt: new Date(at),
  cpuPercent: 1,
  rssBytes: 1,
  heapUsedBytes: 1,
  memoryPercent: 1,
  eventLoopDelayP99Ms: 1,
  eventLoopUtilization: 0.1,
  openConnections: 0,
  jobBacklog: 0,
  jobFailures: 0,
  diskUsedBytes: 1,
  diskFreeBytes: 1,
});

const day = (iso: string) => Date.parse(`${iso}T00:00:00.000Z`);

describe.each(testDatabases)('time-partitioned tables on $name', (target) => {
  let database: Database;

  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  const rowsIn = async (table: string): Promise<number> => {
    const result = (await database.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    )) as {
      rows: { n: number }[];
    };
    return result.rows[0]!.n;
  };

  it('makes the current unit and the next ones, once', async () => {
    const first = await ensurePartitions(database.db, [samples, usage], T);
    expect(first.process_samples).toMatchObject({ made: 3, deferred: 0 });
    expect(first.usage_events).toMatchObject({ made: 2, deferred: 0 });
    expect(await listPartitions(database.db, samples)).toEqual(
      expect.arrayContaining([day('2031-05-10'), day('2031-05-11'), day('2031-05-12')]),
    );
    expect(await listPartitions(database.db, usage)).toEqual(
      expect.arrayContaining([day('2031-05-01'), day('2031-06-01')]),
    );
    const again = await ensurePartitions(database.db, [samples, usage], T);
    expect(again.process_samples).toMatchObject({ made: 0 });
    expect(again.usage_events).toMatchObject({ made: 0 });
  });

  it('routes rows to their partition, and gives the rows the DEFAULT holds partitions of their own', async () => {
    await database.db.insert(processSamples).values([
      sample(T),
      sample(T + DAY),
      ...Array.from({ length: 40 }, (_, i) => sample(T - (i + 1) * DAY)),
      sample(T - 5 * DAY, 'i-2'),
      // Before the cut-off of ten days later (09:30, twenty days back), in the day it falls in.
      sample(T - 20 * DAY - 90 * 60_000, 'i-3'),
    ]);
    expect(await rowsIn(partitionName(samples, day('2031-05-10')))).toBe(1);
    expect(await rowsIn(partitionName(samples, day('2031-05-11')))).toBe(1);
    expect(await rowsIn('process_samples_default')).toBe(42);

    const report = await maintainPartitions(database.db, [samples], T);
    // Days within the 30 days kept got partitions with their rows; older ones were deleted, not moved.
    expect(report.process_samples!.made).toBe(30);
    expect(report.process_samples!.deleted).toBe(10);
    expect(await rowsIn('process_samples_default')).toBe(0);
    expect(await rowsIn(partitionName(samples, day('2031-05-05')))).toBe(2);
    const [left] = await database.db.select({ n: count() }).from(processSamples);
    expect(left!.n).toBe(2 + 30 + 2);
  });

  it('drops whole partitions past retention, and keeps the day the cut-off falls in whole', async () => {
    const later = T + 10 * DAY;
    const before = await listPartitions(database.db, samples);
    const report = await maintainPartitions(database.db, [samples], later);
    const cutoff = later - samples.retentionDays * DAY;
    const dropped = before.filter((start) => start + DAY <= cutoff);
    expect(report.process_samples!.dropped).toBe(dropped.length);
    expect(dropped.length).toBeGreaterThan(5);
    // The cut-off is at 09:30 of its day: the day's 08:00 sample stays until the day is past retention.
    expect(report.process_samples!.deleted).toBe(0);
    const after = await listPartitions(database.db, samples);
    expect(after.every((start) => start + DAY > cutoff)).toBe(true);
    for (const start of dropped) {
      const result = (await database.db.execute(
        sql`select to_regclass(${partitionName(samples, start)}) is null as gone`,
      )) as { rows: { gone: boolean }[] };
      expect(result.rows[0]!.gone).toBe(true);
    }
    const oldest = (await database.db.execute(
      sql`select min(sampled_at) as oldest from process_samples`,
    )) as { rows: { oldest: string | Date }[] };
    expect(new Date(oldest.rows[0]!.oldest).getTime()).toBe(T - 20 * DAY - 90 * 60_000);
    expect(new Date(oldest.rows[0]!.oldest).getTime()).toBeLessThan(cutoff);
    // The days ahead of the new clock were made too.
    expect(after).toEqual(expect.arrayContaining([day('2031-05-22')]));
  });

  it('keeps usage events their ids when they move out of the DEFAULT, and the identity goes on after them', async () => {
    const user = await insertUser(database, 'app_owner');
    const event = (at: number) => ({
      userId: user.id,
      sessionId: '00000000-0000-4000-8000-000000000001',
      kind: 'page_view' as const,
      path: '/',
      host: 'electron' as const,
      os: 'linux' as const,
      screen: 'large' as const,
      occurredAt: new Date(at),
      receivedAt: new Date(at),
    });
    const written = await database.db
      .insert(usageEvents)
      .values([event(T), event(T - 70 * DAY), event(T - 400 * DAY)])
      .returning({ id: usageEvents.id });
    const report = await maintainPartitions(database.db, [usage], T);
    expect(report.usage_events).toMatchObject({ made: 1, deleted: 1 });
    const ids = (await database.db.select({ id: usageEvents.id }).from(usageEvents)).map((r) => r.id).sort();
    expect(ids).toEqual([written[0]!.id, written[1]!.id].sort());
    const [next] = await database.db.insert(usageEvents).values(event(T)).returning({ id: usageEvents.id });
    expect(next!.id).toBeGreaterThan(Math.max(...written.map((w) => w.id)));
    expect(await rowsIn(partitionName(usage, day('2031-03-01')))).toBe(1);
  });

  it('gives every time series its partitions, the roll-ups by resolution', async () => {
    const reports = await maintainPartitions(database.db, SIGNAL_PARTITIONS, T);
    expect(Object.keys(reports).sort()).toEqual([
      'process_samples',
      'request_rollups_hour',
      'request_rollups_minute',
      'service_probes',
    ]);
    for (const spec of SIGNAL_PARTITIONS) expect(reports[spec.table]!.deferred).toBe(0);
    await database.db.execute(sql`insert into request_rollups (resolution, period_start, instance_id, route,
      method, requests, errors, duration_sum_ms, satisfied, tolerating, latency_buckets, latency_counts)
      values ('minute', ${new Date(T)}, 'i', '/r', 'GET', 1, 0, 1, 1, 0, '{1}', '{1}'),
             ('hour', ${new Date(T)}, 'i', '/r', 'GET', 1, 0, 1, 1, 0, '{1}', '{1}')`);
    expect(await rowsIn('request_rollups_minute_p20310510')).toBe(1);
    expect(await rowsIn('request_rollups_hour_p203105')).toBe(1);
  });

  it('lets instances maintaining at once take turns', async () => {
    const spec: TimePartitioned = { ...samples };
    const at = T + 40 * DAY;
    const [a, b] = await Promise.all([
      maintainPartitions(database.db, [spec], at),
      maintainPartitions(database.db, [spec], at),
    ]);
    expect(a.process_samples!.made + b.process_samples!.made).toBe(3);
    expect((await listPartitions(database.db, spec)).filter((s) => s >= day('2031-06-19'))).toHaveLength(3);
  });
});

const postgres = testDatabases.find((t) => t.name === 'postgres');

// PostgreSQL only: PGlite has one connection, so no reader can hold a table while the maintenance runs.
describe.skipIf(!postgres)('a time-partitioned table held by a long reader on postgres', () => {
  let database: Database;

  beforeAll(async () => {
    database = await postgres!.open();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('leaves the change to the next run instead of failing or queueing every query behind it', async () => {
    if (database.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
    const { default: pg } = await import('pg');
    const reader = new pg.Client({ connectionString: database.driver.url });
    await reader.connect();
    try {
      await reader.query('begin');
      await reader.query('lock table process_samples in access share mode');
      const report = await maintainPartitions(database.db, [samples], T);
      // The first change waited its bound; the run's other changes of the table (the three days to make,
      // the migration's days past retention to drop) were not tried.
      expect(report.process_samples).toMatchObject({ made: 0, dropped: 0 });
      expect(report.process_samples!.deferred).toBeGreaterThanOrEqual(3);
      await reader.query('rollback');
      const retried = await maintainPartitions(database.db, [samples], T);
      expect(retried.process_samples).toMatchObject({ made: 3, deferred: 0 });
    } finally {
      await reader.end();
    }
  }, 30_000);
});
