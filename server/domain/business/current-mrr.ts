import { sql } from 'drizzle-orm';
import type { Plan } from '../../../shared/tenancy';
import type { Db } from '../../db/client';
import { rows, ts } from './sql';

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

/** Paying organizations (MRR > 0) and their MRR per plan. */
export async function platformMrrByPlan(db: Db, now: number): Promise<PlanMrr[]> {
  return rows<PlanMrr>(
    db,
    sql`with ${afterNow(now)}
        select o.plan, count(*)::int as customers, sum(c.mrr)::float8 as mrr
        from (select m.organization_id, m.mrr_cents - coalesce(f.delta, 0) as mrr
              from organization_mrr m left join after_now f on f.organization_id = m.organization_id) c
        join organizations o on o.id = c.organization_id
        where c.mrr > 0 group by o.plan`,
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
 * organization at or above the limit-th MRR (so that ties are all there), and those with movements
 * after now at their MRR now.
 */
export async function topCentersByMrr(db: Db, now: number, limit: number): Promise<CenterMrr[]> {
  return rows<CenterMrr>(
    db,
    sql`with ${afterNow(now)},
        settled as (
          select m.organization_id, m.mrr_cents from organization_mrr m
          where not exists (select 1 from after_now f where f.organization_id = m.organization_id)),
        threshold as (
          select greatest(1, coalesce(
            (select s.mrr_cents from settled s order by s.mrr_cents desc offset ${limit - 1} limit 1), 1)) as mrr),
        candidates as (
          select s.organization_id, s.mrr_cents as mrr from settled s
            where s.mrr_cents >= (select mrr from threshold)
          union all
          select m.organization_id, m.mrr_cents - f.delta from organization_mrr m
            join after_now f on f.organization_id = m.organization_id)
        select o.id::text as id, o.name, o.plan, o.status, c.mrr::float8 as mrr
        from candidates c join organizations o on o.id = c.organization_id
        where c.mrr > 0 order by c.mrr desc, o.name limit ${limit}`,
  );
}
