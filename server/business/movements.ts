import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rows } from '../db/results';
import { orgFilter, ts } from './sql';

/**
 * The MRR and customer history as movements: subscription events, and add-ons as +price at their start
 * and −price at their end (the view business_movements). MRR or paying customers at an instant are a
 * sum over the movements before it. A movement also carries the counts it adds to a window (new
 * customers, customers lost, trials converted and ended), so that a whole day of the platform's
 * history can be a few summed movements (see platform-history.ts).
 */
export interface Movement {
  at: number;
  mrrDelta: number;
  customerDelta: number;
  newCustomers: number;
  lost: number;
  trialsConverted: number;
  trialsEnded: number;
}

export interface History {
  /** Sums of everything before `since`. */
  baseMrr: number;
  baseCustomers: number;
  /** Movements in [since, until], in time order. */
  movements: Movement[];
}

/** The columns of a movement row, named as `Movement`'s fields (numbers as float8). */
export const movementColumns = (m: SQL) => sql`
  (extract(epoch from ${m}.at) * 1000)::float8 as "at", ${m}.delta::float8 as "mrrDelta",
  ${m}.customers::float8 as "customerDelta", ${m}.new_customers::float8 as "newCustomers",
  ${m}.customers_lost::float8 as "lost", ${m}.trials_converted::float8 as "trialsConverted",
  ${m}.trials_ended::float8 as "trialsEnded"`;

export async function loadHistory(
  db: Db,
  organizationId: string | null,
  since: number,
  until: number,
): Promise<History> {
  // One pass over the history: the sums before `since` as the first row, then each later movement.
  const found = await rows<Movement & { base: boolean }>(
    db,
    sql`with m as materialized (
          select * from business_movements m where true${orgFilter(sql`m.organization_id`, organizationId)})
        select true as base, null::float8 as "at", sum(m.delta)::float8 as "mrrDelta",
               sum(m.customers)::float8 as "customerDelta", 0::float8 as "newCustomers", 0::float8 as "lost",
               0::float8 as "trialsConverted", 0::float8 as "trialsEnded"
          from m where m.at < ${ts(since)}::timestamptz
        union all
        (select false, ${movementColumns(sql`m`)}
          from m where m.at >= ${ts(since)}::timestamptz and m.at <= ${ts(until)}::timestamptz order by m.at)`,
  );
  const base = found.find((r) => r.base);
  return {
    baseMrr: base?.mrrDelta ?? 0,
    baseCustomers: base?.customerDelta ?? 0,
    movements: found
      .filter((r) => !r.base)
      .map(movementOf)
      .sort(byTime),
  };
}

export const byTime = (a: Movement, b: Movement) => a.at - b.at;

export const movementOf = (r: Movement): Movement => ({
  at: r.at,
  mrrDelta: r.mrrDelta ?? 0,
  customerDelta: r.customerDelta ?? 0,
  newCustomers: r.newCustomers ?? 0,
  lost: r.lost ?? 0,
  trialsConverted: r.trialsConverted ?? 0,
  trialsEnded: r.trialsEnded ?? 0,
});

/** MRR (cents) and paying customers just before `at`. */
export function stateAt(history: History, at: number): { mrr: number; customers: number } {
  let mrr = history.baseMrr;
  let customers = history.baseCustomers;
  for (const m of history.movements) {
    if (m.at >= at) break;
    mrr += m.mrrDelta;
    customers += m.customerDelta;
  }
  return { mrr, customers };
}

export const within = (history: History, start: number, end: number) =>
  history.movements.filter((m) => m.at >= start && m.at < end);

/** New paying customers, customers lost, and trials converted and ended in a window. */
export function countsIn(history: History, start: number, end: number) {
  const counts = { newCustomers: 0, lost: 0, trialsConverted: 0, trialsEnded: 0 };
  for (const m of within(history, start, end)) {
    counts.newCustomers += m.newCustomers;
    counts.lost += m.lost;
    counts.trialsConverted += m.trialsConverted;
    counts.trialsEnded += m.trialsEnded;
  }
  return counts;
}
