/**
 * Retention at the benchmark seed (issue 28): bench/monitoring.ts's 100 routes × BENCH_MONITORING_DAYS
 * (30) days of minute roll-ups, then the clock a day later, so that a day of minutes is past retention.
 * Before migration 0027, purgeSignals deleted those rows; now maintainPartitions drops their day
 * partition. Both on the same rows, on PGlite and PostgreSQL: the time, the rows removed and the bloat
 * (the table's size before and after, and the dead rows a vacuum must still reclaim).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { maintainPartitions } from '../server/db/partitions';
import { affectedRows, rows } from '../server/db/results';
import { RETENTION, SIGNAL_PARTITIONS, startOfHour } from '../server/monitoring/rollup';
import { onEachDatabase } from './databases';
import { seedRollups } from './monitoring';
import type { BenchResult } from './run';

const DAY = 86_400_000;
const MB = 1024 * 1024;
const minutes = SIGNAL_PARTITIONS.find((s) => s.table === 'request_rollups_minute')!;

async function scalar<T>(database: Database, query: SQL): Promise<T> {
  const [row] = await rows<{ value: T }>(database.db, query);
  return row!.value;
}

/** Bytes of a table with its indexes and, partitioned, of all its partitions. */
const size = (database: Database, table: string) =>
  scalar<string>(
    database,
    sql`select (case when c.relkind = 'p'
                  then (select coalesce(sum(pg_total_relation_size(relid)), 0) from pg_partition_tree(c.oid))
                  else pg_total_relation_size(c.oid) end)::text as value
          from pg_class c where c.oid = ${table}::regclass`,
  ).then(Number);

/**
 * Dead rows the statistics know of (PostgreSQL; PGlite keeps no statistics: null). A pooled connection
 * reports its counts when it goes idle, within about a second: read until they are there (at most 15 s).
 */
async function deadRows(database: Database, table: string, expectSome: boolean): Promise<number | null> {
  if (database.kind !== 'postgres') return null;
  const read = async () =>
    Number(
      await scalar<string>(
        database,
        sql`select coalesce(sum(n_dead_tup), 0)::text as value from pg_stat_user_tables
            where relid in (select relid from pg_partition_tree(${table}::regclass))
               or relid = ${table}::regclass`,
      ),
    );
  const until = Date.now() + 15_000;
  let dead = await read();
  while (expectSome && dead === 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.db.execute(sql`select pg_stat_clear_snapshot()`);
    dead = await read();
  }
  return dead;
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

async function measureOn(kind: string, database: Database): Promise<BenchResult[]> {
  try {
    await migrateDatabase(database);
    const now = startOfHour(Date.now()) + 59 * 60_000 + 30_000;
    await seedRollups(database, now);
    // Before: the minutes in one plain table, as they were before migration 0027.
    await database.db.execute(
      sql`create table rollup_minutes_plain (like request_rollups including defaults)`,
    );
    await database.db.execute(
      sql`insert into rollup_minutes_plain select * from request_rollups where resolution = 'minute'`,
    );
    await database.db.execute(sql`alter table rollup_minutes_plain
      add primary key (resolution, period_start, instance_id, route, method, organization_id)`);
    await database.db.execute(sql`analyze rollup_minutes_plain`);
    await database.db.execute(sql`analyze request_rollups`);

    const later = now + DAY;
    const cutoff = new Date(later - RETENTION.minuteDays * DAY);
    const total = Number(
      await scalar<string>(database, sql`select count(*)::text as value from rollup_minutes_plain`),
    );

    const plainBefore = await size(database, 'rollup_minutes_plain');
    let began = performance.now();
    const deletedRows = await affectedRows(
      database.db,
      sql`delete from rollup_minutes_plain where period_start < ${cutoff}`,
    );
    const deleteMs = performance.now() - began;
    const plainAfter = await size(database, 'rollup_minutes_plain');
    const plainDead = await deadRows(database, 'rollup_minutes_plain', deletedRows > 0);

    const partitionedBefore = await size(database, 'request_rollups_minute');
    const partitionedRows = () =>
      scalar<string>(database, sql`select count(*)::text as value from request_rollups_minute`).then(Number);
    const rowsBefore = await partitionedRows();
    began = performance.now();
    const report = (await maintainPartitions(database.db, [minutes], later))[minutes.table]!;
    const dropMs = performance.now() - began;
    const droppedRows = rowsBefore - (await partitionedRows());
    const partitionedAfter = await size(database, 'request_rollups_minute');
    const partitionedDead = await deadRows(database, 'request_rollups_minute', false);

    const dead = (n: number | null) =>
      n === null ? 'dead rows not counted (PGlite keeps no statistics)' : `${n} dead rows`;
    return [
      {
        name: `${kind}: minute retention, DELETE of the rows (before)`,
        value: deleteMs,
        unit: 'ms',
        detail: `${deletedRows} of ${total} rows; ${mb(plainBefore)} → ${mb(plainAfter)}, ${dead(plainDead)} left for vacuum`,
      },
      {
        name: `${kind}: minute retention, partitions dropped (after)`,
        value: dropMs,
        unit: 'ms',
        detail: `${report.dropped} day partition(s), ${droppedRows} rows (${report.made} made ahead, ${report.deleted} deleted from DEFAULT); ${mb(partitionedBefore)} → ${mb(partitionedAfter)}, ${dead(partitionedDead)}; ${(deleteMs / dropMs).toFixed(0)}× faster`,
      },
    ];
  } finally {
    await database.close();
  }
}

export const measureRetention = (): Promise<BenchResult[]> => onEachDatabase(measureOn);
