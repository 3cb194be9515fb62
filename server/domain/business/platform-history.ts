import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { DAY_MS, isoDay, startOfUtcDay } from './formulas';
import { byTime, movementColumns, movementOf, type History, type Movement } from './movements';
import { rows, ts } from './sql';

/** A summed day of business_days (numbers as float8; the moments' means are instants in ms). */
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
 * A whole day as at most three movements inside it: its counts at its start, the MRR it added at the
 * mean instant of the additions and the MRR it removed at the mean instant of the removals. Every sum
 * and count over a window that holds the whole day or none of it, and revenue prorated to the instant
 * (Σ delta × (end − at) = end × Σ delta − Σ delta × at), are the same as over the day's own movements.
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
 * The platform's history from the summaries: the days before `since` as one sum, every complete day
 * since as summed movements, and the movements themselves on the days that a window cuts (the day of
 * `since`, of each instant in `cuts`, and today up to `until`). Answers the same History as
 * loadHistory(db, null, since, until) for windows starting at `since`, a cut or a day boundary.
 */
export async function loadPlatformHistory(
  db: Db,
  since: number,
  until: number,
  cuts: readonly number[],
): Promise<History> {
  const rawDays = [...new Set([since, until, ...cuts].map(startOfUtcDay))];
  const rawDayList = sql.join(
    rawDays.map((d) => sql`${isoDay(d)}::date`),
    sql`, `,
  );
  const rawRanges = sql.join(
    rawDays.map((d) => sql`(m.at >= ${ts(d)}::timestamptz and m.at < ${ts(d + DAY_MS)}::timestamptz)`),
    sql` or `,
  );
  const sinceDay = isoDay(startOfUtcDay(since));
  const untilDay = isoDay(startOfUtcDay(until));
  const [base, days, raw] = await Promise.all([
    rows<{ mrr: number | null; customers: number | null }>(
      db,
      sql`select sum(mrr_added_cents + mrr_removed_cents)::float8 as mrr, sum(customer_delta)::float8 as customers
          from business_days where day < ${sinceDay}::date`,
    ),
    rows<DayRow>(
      db,
      sql`select (extract(epoch from day) * 1000)::float8 as "day", mrr_added_cents::float8 as "added",
                 (mrr_added_moment / nullif(mrr_added_cents, 0))::float8 as "addedAt",
                 mrr_removed_cents::float8 as "removed",
                 (mrr_removed_moment / nullif(mrr_removed_cents, 0))::float8 as "removedAt",
                 customer_delta::float8 as "customerDelta", new_customers::float8 as "newCustomers",
                 customers_lost::float8 as "lost", trials_converted::float8 as "trialsConverted",
                 trials_ended::float8 as "trialsEnded"
          from business_days
          where day >= ${sinceDay}::date and day < ${untilDay}::date and day not in (${rawDayList})`,
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
  return {
    baseMrr: (base[0]?.mrr ?? 0) + before.reduce((s, m) => s + m.mrrDelta, 0),
    baseCustomers: (base[0]?.customers ?? 0) + before.reduce((s, m) => s + m.customerDelta, 0),
    movements: [...days.flatMap(dayMovements), ...movements.filter((m) => m.at >= since)].sort(byTime),
  };
}
