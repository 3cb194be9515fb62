import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { DAY_MS, isoDay, startOfUtcDay } from './formulas';
import { byTime, movementColumns, movementOf, type History, type Movement } from './movements';
import { rows } from '../db/results';
import { ts } from './sql';

/**
 * Summed days of business_days from `day` (ms) to the next boundary (numbers as float8; the moments'
 * means are instants in ms).
 */
interface DayRow {
  day: number;
  added: number;
  addedAt: number | null;
  removed: number;
  removedAt: number | null;
  customerDelta: number;
  newCustomers: number;
  lost: number;
  trialsConverted: number;
  trialsEnded: number;
}

const NO_COUNTS = { customerDelta: 0, newCustomers: 0, lost: 0, trialsConverted: 0, trialsEnded: 0 };

/**
 * Whole days as at most three movements inside them: their counts at their start, the MRR they added
 * at the mean instant of the additions and the MRR they removed at the mean instant of the removals.
 * Every sum and count over a window that holds all the days or none of them, and revenue prorated to
 * the instant (Σ delta × (end − at) = end × Σ delta − Σ delta × at), are the same as over the days' own
 * movements.
 */
function dayMovements(d: DayRow): Movement[] {
  const counts: Movement = {
    at: d.day,
    mrrDelta: 0,
    customerDelta: d.customerDelta,
    newCustomers: d.newCustomers,
    lost: d.lost,
    trialsConverted: d.trialsConverted,
    trialsEnded: d.trialsEnded,
  };
  const moved = [
    { delta: d.added, at: d.addedAt },
    { delta: d.removed, at: d.removedAt },
  ].flatMap(({ delta, at }) => (delta !== 0 && at !== null ? [{ ...NO_COUNTS, at, mrrDelta: delta }] : []));
  return [counts, ...moved];
}

/**
 * The platform's history from the summaries: the days before `since` as one sum, the days since
 * summed between consecutive `boundaries` (day-aligned instants where a window may start or end, such
 * as month starts), and the movements themselves on the days that a window cuts (the day of `since`,
 * of each instant in `cuts`, and today up to `until`). Answers the same figures as
 * loadHistory(db, null, since, until) for windows whose ends are `since`, a cut, a boundary or `until`.
 */
export async function loadPlatformHistory(
  db: Db,
  since: number,
  until: number,
  cuts: readonly number[],
  boundaries: readonly number[],
): Promise<History> {
  const rawDays = [...new Set([since, until, ...cuts].map(startOfUtcDay))];
  const dateList = (days: readonly number[]) =>
    sql.join(
      days.map((d) => sql`${isoDay(d)}::date`),
      sql`, `,
    );
  const rawRanges = sql.join(
    rawDays.map((d) => sql`(m.at >= ${ts(d)}::timestamptz and m.at < ${ts(d + DAY_MS)}::timestamptz)`),
    sql` or `,
  );
  const sinceDay = startOfUtcDay(since);
  const segments = [
    ...new Set([sinceDay, ...boundaries.map(startOfUtcDay), ...rawDays, ...rawDays.map((d) => d + DAY_MS)]),
  ]
    .filter((d) => d >= sinceDay)
    .sort((a, b) => a - b);
  const [base, days, raw] = await Promise.all([
    rows<{ mrr: number | null; customers: number | null }>(
      db,
      sql`select sum(mrr_added_cents + mrr_removed_cents)::float8 as mrr, sum(customer_delta)::float8 as customers
          from business_days where day < ${isoDay(sinceDay)}::date`,
    ),
    rows<DayRow & { segment: number }>(
      db,
      sql`select width_bucket(day, array[${dateList(segments)}]) as "segment",
                 sum(mrr_added_cents)::float8 as "added",
                 (sum(mrr_added_moment) / nullif(sum(mrr_added_cents), 0))::float8 as "addedAt",
                 sum(mrr_removed_cents)::float8 as "removed",
                 (sum(mrr_removed_moment) / nullif(sum(mrr_removed_cents), 0))::float8 as "removedAt",
                 sum(customer_delta)::float8 as "customerDelta", sum(new_customers)::float8 as "newCustomers",
                 sum(customers_lost)::float8 as "lost", sum(trials_converted)::float8 as "trialsConverted",
                 sum(trials_ended)::float8 as "trialsEnded"
          from business_days
          where day >= ${isoDay(sinceDay)}::date and day < ${isoDay(startOfUtcDay(until))}::date
            and day not in (${dateList(rawDays)})
          group by 1`,
    ),
    rows<Movement>(
      db,
      sql`select ${movementColumns(sql`m`)} from business_movements m
          where (${rawRanges}) and m.at <= ${ts(until)}::timestamptz`,
    ),
  ]);
  const movements = raw.map(movementOf);
  // The day of `since` may hold movements before it: they belong to the base.
  const before = movements.filter((m) => m.at < since);
  const summed = days.map((d) => ({ ...d, day: segments[d.segment - 1] ?? sinceDay }));
  return {
    baseMrr: (base[0]?.mrr ?? 0) + before.reduce((s, m) => s + m.mrrDelta, 0),
    baseCustomers: (base[0]?.customers ?? 0) + before.reduce((s, m) => s + m.customerDelta, 0),
    movements: [...summed.flatMap(dayMovements), ...movements.filter((m) => m.at >= since)].sort(byTime),
  };
}
