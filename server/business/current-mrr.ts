import { sql } from 'drizzle-orm';
import type { Plan } from '../../shared/tenancy';
import type { Db } from '../db/client';
import { rows } from '../db/results';
import { ts } from './sql';

/**
 * The platform's current MRR per organization from the summary organization_mrr (every movement
 * summed), less the movements after `now` (normally none; found on the time indexes).
 */
const afterNow = (now: number) => sql`
  after_now as materialized (
    select m.organization_id, sum(m.delta) as delta from business_movements m
    where m.at > ${ts(now)}::timestamptz group by m.organization_id)`;

/** The platform's MRR now (cents). */
export async function platformMrr(db: Db, now: number): Promise<number> {
  const [row] = await rows<{ mrr: number }>(
    db,
    sql`with ${afterNow(now)}
        select ((select coalesce(sum(mrr_cents), 0) from organization_mrr)
              - (select coalesce(sum(delta), 0) from after_now))::float8 as mrr`,
  );
  return row?.mrr ?? 0;
}

export interface PlanMrr {
  plan: Plan;
  customers: number;
  mrr: number;
}

/**
 * Paying organizations (MRR > 0) and their MRR per plan: the summary business_plans, with the
 * organizations that have movements after now counted at their MRR now instead.
 */
export async function platformMrrByPlan(db: Db, now: number): Promise<PlanMrr[]> {
  return rows<PlanMrr>(
    db,
    sql`with ${afterNow(now)}
        select x.plan, sum(x.customers)::int as customers, sum(x.mrr)::float8 as mrr from (
          select b.plan, b.customers, b.mrr_cents as mrr from business_plans b
          union all
          select m.plan, -1, -m.mrr_cents from organization_mrr m
            join after_now f on f.organization_id = m.organization_id where m.mrr_cents > 0
          union all
          select m.plan, 1, m.mrr_cents - f.delta from organization_mrr m
            join after_now f on f.organization_id = m.organization_id where m.mrr_cents - f.delta > 0) x
        group by x.plan having sum(x.customers) > 0`,
  );
}

export interface AddOnAdoption {
  plan: Plan;
  id: string;
  name: string;
  count: number;
}

/**
 * Add-ons on now per plan: the open subscriptions of business_plan_add_ons, less those starting after
 * now, plus those ending after now (both found on the time indexes).
 */
export async function platformAddOnAdoption(db: Db, now: number): Promise<AddOnAdoption[]> {
  const at = ts(now);
  return rows<AddOnAdoption>(
    db,
    sql`select x.plan, p.id, p.name, sum(x.n)::int as count from (
          select b.plan, b.add_on_id, b.subscriptions as n from business_plan_add_ons b
          union all
          select o.plan, a.add_on_id, -1 from organization_add_ons a join organizations o on o.id = a.organization_id
            where a.started_at > ${at}::timestamptz and a.ended_at is null
          union all
          select o.plan, a.add_on_id, 1 from organization_add_ons a join organizations o on o.id = a.organization_id
            where a.ended_at > ${at}::timestamptz and a.started_at <= ${at}::timestamptz) x
        join add_ons p on p.id = x.add_on_id
        group by x.plan, p.id, p.name having sum(x.n) > 0 order by p.id`,
  );
}

export interface CenterMrr {
  id: string;
  name: string;
  plan: Plan;
  status: string;
  mrr: number;
}

/**
 * The `limit` organizations with the highest MRR now (ties by name): from the index on MRR, every
 * organization at or above the (limit + k)-th MRR of the summary, k the organizations with movements
 * after now (so that ties are all there, and the settled ones are enough however those change), and
 * those k at their MRR now. Names are read for the candidates only.
 */
export async function topCentersByMrr(db: Db, now: number, limit: number): Promise<CenterMrr[]> {
  const settled = sql`not exists (select 1 from after_now f where f.organization_id = m.organization_id)`;
  const [moving] = await rows<{ n: number }>(
    db,
    sql`with ${afterNow(now)} select count(*)::int as n from after_now`,
  );
  // A constant offset, so that the planner reads the index in order rather than sorting every row.
  const offset = sql.raw(String(Math.max(0, limit - 1) + (moving?.n ?? 0)));
  return rows<CenterMrr>(
    db,
    sql`with ${afterNow(now)},
        threshold as (
          select greatest(1, coalesce((
            select m.mrr_cents from organization_mrr m order by m.mrr_cents desc nulls last offset ${offset} limit 1), 1)) as mrr),
        candidates as (
          select m.organization_id, m.mrr_cents as mrr from organization_mrr m
            where m.mrr_cents >= (select t.mrr from threshold t) and ${settled}
          union all
          select m.organization_id, m.mrr_cents - f.delta from organization_mrr m
            join after_now f on f.organization_id = m.organization_id)
        select c.organization_id::text as id, o.name, o.plan, o.status, c.mrr::float8 as mrr
        from candidates c
        cross join lateral (
          select o.name, o.plan, o.status from organizations o where o.id = c.organization_id offset 0) o
        where c.mrr > 0 order by c.mrr desc, o.name limit ${limit}`,
  );
}
