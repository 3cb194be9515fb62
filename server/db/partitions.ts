/**
 * Time-partitioned tables (issue 28): the series that grow without end — request roll-ups, process
 * samples, service probes, console usage events — are PostgreSQL range-partitioned tables (migration
 * 0027), the same schema on PGlite. Each has a DEFAULT partition, so that a row of any instant has a
 * place, and a partition per UTC day or month, named `<table>_pYYYYMMDD` / `<table>_pYYYYMM`, which this
 * module makes and drops:
 *
 * - `ensurePartitions` (every start, before the demo moves; and hourly) makes the current unit's
 *   partition and the next ones, and moves in whatever the DEFAULT partition holds for a unit it makes;
 * - `maintainPartitions` (hourly) also gives every unit the DEFAULT partition holds rows of its own
 *   partition (rows written with a clock outside the made range, a restored archive, the demo's first
 *   start), then drops the partitions wholly past retention, and deletes the rows past it that the
 *   DEFAULT partition holds: retention costs a DROP TABLE per unit, not a DELETE of its rows, and leaves
 *   no dead rows behind. A row is therefore kept at least `retentionDays` and at most one unit longer (the
 *   rest of its day or month): deleting the rows of the partition the cut-off falls in, hour by hour,
 *   would be the row-by-row DELETE again, and the partition's drop would find it empty.
 *
 * Every change of a table's partitions is one transaction under an advisory lock of that table, so that
 * instances maintaining together take turns, and re-checks what exists once it holds the lock. On
 * PostgreSQL it waits at most LOCK_TIMEOUT for the table (making or dropping a partition locks its parent
 * briefly): a long read is not made to block every query queued behind the waiting DDL; the next run
 * does what a timed-out one left.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { affectedRows, rows } from './results';

export type PartitionUnit = 'day' | 'month';

export interface TimePartitioned {
  /** The range-partitioned table (for the roll-ups: a LIST partition of request_rollups). */
  table: string;
  /** Its timestamptz partition column. */
  column: string;
  unit: PartitionUnit;
  /** Rows are kept at least this long: a partition goes when its whole unit is older. */
  retentionDays: number;
}

const DAY_MS = 86_400_000;
/** Units made ahead of the current one: a day's partition exists two days before its first row. */
const AHEAD: Record<PartitionUnit, number> = { day: 2, month: 1 };
const LOCK_TIMEOUT = '3s';

/** The UTC start of the unit `at` falls in. */
export function unitStart(at: number, unit: PartitionUnit): number {
  const d = new Date(at);
  return unit === 'day'
    ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
    : Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The start of the unit `n` units after the one starting at `start`. */
export function addUnits(start: number, unit: PartitionUnit, n: number): number {
  const d = new Date(start);
  return unit === 'day'
    ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + n)
    : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
}

/** `request_rollups_minute_p20261129`, `usage_events_p202611`. */
export function partitionName(spec: TimePartitioned, start: number): string {
  const iso = new Date(start).toISOString();
  const stamp = spec.unit === 'day' ? iso.slice(0, 10).replaceAll('-', '') : iso.slice(0, 7).replace('-', '');
  return `${spec.table}_p${stamp}`;
}

/** The partition's unit start from its name; null for a name this module did not make. */
export function partitionStart(spec: TimePartitioned, name: string): number | null {
  const match = new RegExp(`^${spec.table}_p(\\d{4})(\\d{2})(\\d{2})?$`).exec(name);
  if (!match) return null;
  const [, year, month, day] = match;
  if ((spec.unit === 'day') !== (day !== undefined)) return null;
  return Date.UTC(Number(year), Number(month) - 1, day === undefined ? 1 : Number(day));
}

const defaultPartition = (spec: TimePartitioned) => `${spec.table}_default`;

/** The unit starts of the table's partitions (the DEFAULT and foreign names left out), ascending. */
export async function listPartitions(db: Db, spec: TimePartitioned): Promise<number[]> {
  const partitions = await rows<{ name: string }>(
    db,
    sql`
    select c.relname as name
      from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
     where p.relname = ${spec.table} and p.relnamespace = current_schema()::regnamespace`,
  );
  return partitions
    .map((r) => partitionStart(spec, r.name))
    .filter((start): start is number => start !== null)
    .sort((a, b) => a - b);
}

const isLockTimeout = (error: unknown): boolean => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '55P03') return true;
  }
  return false;
};

/**
 * One change of the table's partitions: one transaction, its lock held, a bounded wait on PostgreSQL.
 * Answers what `work` answers (whether it changed anything: another instance may have done it first), or
 * 'deferred' when the table's lock was not had in time.
 */
async function change(
  db: Db,
  spec: TimePartitioned,
  work: (tx: Db) => Promise<boolean>,
): Promise<boolean | 'deferred'> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`partitions:${spec.table}`}))`);
      await tx.execute(sql.raw(`set local lock_timeout = '${LOCK_TIMEOUT}'`));
      return work(tx as unknown as Db);
    });
  } catch (error) {
    if (isLockTimeout(error)) return 'deferred';
    throw error;
  }
}

/**
 * A relation's kind ('r' table, 'p' partitioned table…), null when there is none. Read from pg_class under
 * the statement's snapshot: the catalog cache may not have heard of another instance's drop yet.
 */
const relationKind = async (db: Db, name: string): Promise<string | null> => {
  const [relation] = await rows<{ kind: string }>(
    db,
    sql`select relkind::text as kind from pg_class
     where relname = ${name} and relnamespace = current_schema()::regnamespace`,
  );
  return relation?.kind ?? null;
};

const exists = async (tx: Db, name: string): Promise<boolean> => (await relationKind(tx, name)) !== null;

/**
 * Makes the partition of the unit starting at `start`, moving in the rows the DEFAULT partition holds for
 * it (PostgreSQL refuses a partition whose rows the DEFAULT holds).
 */
function makePartition(db: Db, spec: TimePartitioned, start: number): Promise<boolean | 'deferred'> {
  const name = partitionName(spec, start);
  const from = new Date(start);
  const to = new Date(addUnits(start, spec.unit, 1));
  const table = sql.identifier(spec.table);
  const fallback = sql.identifier(defaultPartition(spec));
  const column = sql.identifier(spec.column);
  const inRange = sql`${column} >= ${from} and ${column} < ${to}`;
  return change(db, spec, async (tx) => {
    if (await exists(tx, name)) return false;
    const [held] = await rows<{ held: boolean }>(
      tx,
      sql`select exists (select 1 from ${fallback} where ${inRange}) as held`,
    );
    const moving = held?.held === true;
    if (moving) {
      await tx.execute(sql`create temporary table partition_rows on commit drop as
        select * from ${fallback} where ${inRange}`);
      await tx.execute(sql`delete from ${fallback} where ${inRange}`);
    }
    await tx.execute(
      sql.raw(
        `create table "${name}" partition of "${spec.table}" for values from ('${from.toISOString()}') to ('${to.toISOString()}')`,
      ),
    );
    if (moving) {
      await tx.execute(sql`insert into ${table} overriding system value select * from partition_rows`);
    }
    return true;
  });
}

/** What a maintenance did to one table. */
export interface PartitionReport {
  /** Partitions made (with the DEFAULT's rows of their units moved in). */
  made: number;
  /** Partitions dropped whole, past retention. */
  dropped: number;
  /** Rows past retention deleted from the DEFAULT partition (rows no partition was made for). */
  deleted: number;
  /** Changes left to the next run: the table's lock was not had within the bound. */
  deferred: number;
}

/**
 * One run over one table: once a change could not have the table's lock in time, the rest of the run's
 * changes of that table are left to the next run too (counted as deferred) rather than each waiting.
 */
function tableRun(report: PartitionReport) {
  let busy = false;
  return async (what: 'made' | 'dropped', work: () => Promise<boolean | 'deferred'>): Promise<void> => {
    const outcome = busy ? 'deferred' : await work();
    if (outcome === 'deferred') {
      busy = true;
      report.deferred++;
    } else if (outcome) report[what]++;
  };
}

async function ensureTable(
  db: Db,
  spec: TimePartitioned,
  now: number,
  step: ReturnType<typeof tableRun>,
  from = now,
): Promise<boolean> {
  // A database at a schema before migration 0027 (a test migrating step by step) has nothing to partition.
  if ((await relationKind(db, spec.table)) !== 'p') return false;
  const have = new Set(await listPartitions(db, spec));
  const last = addUnits(unitStart(now, spec.unit), spec.unit, AHEAD[spec.unit]);
  for (let start = unitStart(from, spec.unit); start <= last; start = addUnits(start, spec.unit, 1)) {
    if (!have.has(start)) await step('made', () => makePartition(db, spec, start));
  }
  return true;
}

const emptyReport = (): PartitionReport => ({ made: 0, dropped: 0, deleted: 0, deferred: 0 });

/**
 * Makes the current unit's partition and the next ones (those missing); with `from`, every unit from the
 * one `from` falls in (a load of history, such as a benchmark's seed, then goes straight to its partitions).
 */
export async function ensurePartitions(
  db: Db,
  specs: readonly TimePartitioned[],
  now: number,
  from = now,
): Promise<Record<string, PartitionReport>> {
  const reports: Record<string, PartitionReport> = {};
  for (const spec of specs) {
    const report = (reports[spec.table] = emptyReport());
    await ensureTable(db, spec, now, tableRun(report), Math.min(from, now));
  }
  return reports;
}

/**
 * The hourly maintenance: the next partitions, a partition for every unit within retention the DEFAULT
 * holds rows of, then retention (whole partitions dropped, the DEFAULT's rows past it deleted).
 */
export async function maintainPartitions(
  db: Db,
  specs: readonly TimePartitioned[],
  now: number,
): Promise<Record<string, PartitionReport>> {
  const reports: Record<string, PartitionReport> = {};
  for (const spec of specs) {
    const report = (reports[spec.table] = emptyReport());
    const step = tableRun(report);
    if (!(await ensureTable(db, spec, now, step))) continue;
    const cutoff = new Date(now - spec.retentionDays * DAY_MS);
    const column = sql.identifier(spec.column);
    const units = await rows<{ start: string | Date }>(
      db,
      sql`
      select distinct date_trunc(${spec.unit}, ${column} at time zone 'UTC') at time zone 'UTC' as start
        from ${sql.identifier(defaultPartition(spec))}
       where ${column} >= ${new Date(unitStart(cutoff.getTime(), spec.unit))}
       order by 1`,
    );
    for (const row of units) {
      await step('made', () => makePartition(db, spec, new Date(row.start).getTime()));
    }
    for (const start of await listPartitions(db, spec)) {
      if (addUnits(start, spec.unit, 1) > cutoff.getTime()) break;
      const name = partitionName(spec, start);
      await step('dropped', () =>
        change(db, spec, async (tx) => {
          if (!(await exists(tx, name))) return false;
          await tx.execute(sql.raw(`drop table if exists "${name}"`));
          return true;
        }),
      );
    }
    report.deleted = await affectedRows(
      db,
      sql`delete from ${sql.identifier(defaultPartition(spec))} where ${column} < ${cutoff}`,
    );
  }
  return reports;
}
