import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orgFilter, rows, ts } from './sql';
import type { SubscriptionEventType } from '../../db/schema';

/**
 * The MRR and customer history as movements: subscription events, and add-ons as +price at their start
 * and −price at their end. MRR or paying customers at an instant are a sum over the movements before it.
 */
export interface Movement {
  at: number;
  mrrDelta: number;
  customerDelta: number;
  /** null for an add-on movement. */
  type: SubscriptionEventType | null;
  fromTrial: boolean;
}

export interface History {
  /** Sums of everything before `since`. */
  baseMrr: number;
  baseCustomers: number;
  /** Movements in [since, until], in time order. */
  movements: Movement[];
}

const movementsSql = (organizationId: string | null) => sql`
  select e.occurred_at as at, e.mrr_delta_cents as mrr, e.customer_delta as cust, e.type, e.from_trial
    from subscription_events e where true${orgFilter(sql`e.organization_id`, organizationId)}
  union all
  select a.started_at, p.monthly_price_cents, 0, null, false
    from organization_add_ons a join add_ons p on p.id = a.add_on_id
    where true${orgFilter(sql`a.organization_id`, organizationId)}
  union all
  select a.ended_at, -p.monthly_price_cents, 0, null, false
    from organization_add_ons a join add_ons p on p.id = a.add_on_id
    where a.ended_at is not null${orgFilter(sql`a.organization_id`, organizationId)}`;

export async function loadHistory(
  db: Db,
  organizationId: string | null,
  since: number,
  until: number,
): Promise<History> {
  // One pass over the history: the sums before `since` as the first row, then each later movement.
  const found = await rows<{
    base: boolean;
    at: number | null;
    mrr: number | null;
    cust: number | null;
    type: SubscriptionEventType | null;
    from_trial: boolean | null;
  }>(
    db,
    sql`with m as materialized (${movementsSql(organizationId)})
        select true as base, null::float8 as at, sum(m.mrr)::float8 as mrr, sum(m.cust)::float8 as cust,
               null::text as type, null::boolean as from_trial
          from m where m.at < ${ts(since)}::timestamptz
        union all
        (select false, (extract(epoch from m.at) * 1000)::float8, m.mrr::float8, m.cust::float8, m.type, m.from_trial
          from m where m.at >= ${ts(since)}::timestamptz and m.at <= ${ts(until)}::timestamptz order by m.at)`,
  );
  const base = found.filter((r) => r.base);
  const recent = found
    .filter((r) => !r.base)
    .map((r) => ({
      at: r.at ?? 0,
      mrr: r.mrr ?? 0,
      cust: r.cust ?? 0,
      type: r.type,
      from_trial: r.from_trial ?? false,
    }))
    .sort((a, b) => a.at - b.at);
  return {
    baseMrr: base[0]?.mrr ?? 0,
    baseCustomers: base[0]?.cust ?? 0,
    movements: recent.map((r) => ({
      at: r.at,
      mrrDelta: r.mrr,
      customerDelta: r.cust,
      type: r.type,
      fromTrial: r.from_trial,
    })),
  };
}

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
  const inside = within(history, start, end);
  const converted = inside.filter((m) => m.type === 'trial_convert').length;
  return {
    newCustomers: inside.filter(
      (m) => m.customerDelta === 1 && (m.type === 'new' || m.type === 'trial_convert'),
    ).length,
    lost: inside.filter((m) => m.customerDelta === -1).length,
    trialsConverted: converted,
    trialsEnded: converted + inside.filter((m) => m.type === 'cancel' && m.fromTrial).length,
  };
}
