/**
 * The benchmark seed of issue 6: `organizations` centers with `children` children between them, each
 * with a subscription history (trials, conversions, upgrades, cancellations over the last 13 months),
 * add-ons, 30 days of weekday attendance for the 50 largest accounts (the top centers), and the demo's
 * plans, spend, cloud cost and budget. Built by the database in a few set-based statements.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { acquisitionSpend, addOns, billingPlans, cloudCosts, costBudgets } from '../db/schema';
import { DAY_MS, isoDay, monthStart } from '../business/formulas';
import { ADD_ONS, DEMO_BUDGET, PLAN_PRICES_CENTS, demoCloudCosts } from './business';

export interface BenchmarkSize {
  organizations: number;
  children: number;
}

export async function insertBenchmarkBusiness(db: Db, now: number, size: BenchmarkSize): Promise<void> {
  const at = new Date(now).toISOString();
  const perOrg = Math.max(1, Math.round(size.children / size.organizations));
  await db.insert(billingPlans).values(
    Object.entries(PLAN_PRICES_CENTS).map(([id, cents]) => ({
      id: id as keyof typeof PLAN_PRICES_CENTS,
      name: id[0]!.toUpperCase() + id.slice(1),
      monthlyPriceCents: cents,
    })),
  );
  await db.insert(addOns).values([...ADD_ONS]);
  await db.insert(costBudgets).values(DEMO_BUDGET);
  const costs = demoCloudCosts(now);
  for (let i = 0; i < costs.length; i += 1000) await db.insert(cloudCosts).values(costs.slice(i, i + 1000));
  await db.insert(acquisitionSpend).values(
    Array.from({ length: 13 }, (_, m) => ({
      month: isoDay(monthStart(now, m - 12)),
      amountCents: 2_500_000,
    })),
  );

  // Plans cycle free/starter/professional/enterprise; the first 50 are enterprise (the top accounts).
  // Every 7th is cancelled, every 11th in trial, every 13th suspended; the rest active.
  await db.execute(sql`
    insert into organizations (id, name, slug, plan, status, created_at, company_name)
    select md5('bench-org-' || n)::uuid, 'Bench Center ' || n, 'bench-center-' || n,
           case when n <= 50 then 'enterprise'
                else (array['free', 'starter', 'professional', 'enterprise'])[1 + n % 4] end,
           case when n % 7 = 0 then 'cancelled' when n % 11 = 0 then 'trial'
                when n % 13 = 0 then 'suspended' else 'active' end,
           ${at}::timestamptz - make_interval(days => 60 + n % 900), 'Bench Center ' || n
    from generate_series(1, ${size.organizations}) n`);

  const price = sql`case o.plan when 'starter' then ${PLAN_PRICES_CENTS.starter} when 'professional' then ${PLAN_PRICES_CENTS.professional} when 'enterprise' then ${PLAN_PRICES_CENTS.enterprise} else 0 end`;
  const orgs = sql`(select o.*, substr(o.slug, 14)::int as n from organizations o where o.slug like 'bench-center-%') o`;
  // Paying (or once paying) centers start with 'new'; every 5th came through a converted trial.
  await db.execute(sql`
    insert into subscription_events (organization_id, type, plan, occurred_at, mrr_delta_cents, customer_delta, from_trial)
    select o.id, 'trial_start', o.plan, o.created_at - interval '14 days', 0, 0, false from ${orgs}
      where o.plan <> 'free' and (o.status = 'trial' or o.n % 5 = 0)
    union all
    select o.id, case when o.n % 5 = 0 then 'trial_convert' else 'new' end, o.plan, o.created_at,
           ${price}, 1, o.n % 5 = 0 from ${orgs}
      where o.plan <> 'free' and o.status <> 'trial'
    union all
    select o.id, 'new', o.plan, o.created_at, 0, 0, false from ${orgs} where o.plan = 'free'
    union all
    select o.id, 'cancel', o.plan, ${at}::timestamptz - make_interval(days => 1 + o.n % 390), -${price}, -1, false
      from ${orgs} where o.plan <> 'free' and o.status = 'cancelled'`);

  await db.execute(sql`
    insert into organization_add_ons (organization_id, add_on_id, started_at)
    select o.id, a.id, o.created_at + interval '20 days' from ${orgs}
    join (values ('sms-notifications', 1), ('online-payments', 2), ('advanced-reports', 3)) a(id, k)
      on a.k <= case when o.n <= 50 then 3 else o.n % 3 end
    where o.plan <> 'free' and o.status in ('active', 'suspended')`);

  await db.execute(sql`
    insert into children (organization_id, first_name, last_name, date_of_birth, status, enrolled_at)
    select o.id, 'Child', 'Bench ' || g, '2022-01-01', case when g % 20 = 0 then 'withdrawn' else 'enrolled' end,
           o.created_at
    from ${orgs} cross join generate_series(1, ${perOrg}) g`);

  const from = new Date(Math.floor(now / DAY_MS) * DAY_MS - 30 * DAY_MS).toISOString();
  const to = new Date(Math.floor(now / DAY_MS) * DAY_MS - DAY_MS).toISOString();
  await db.execute(sql`
    insert into attendance (organization_id, child_id, date, check_in_at, check_out_at)
    select c.organization_id, c.id, d::date, d + interval '8 hours', d + interval '16 hours'
    from children c join ${orgs} on o.id = c.organization_id and o.n <= 50
    cross join generate_series(${from}::timestamptz, ${to}::timestamptz, interval '1 day') d
    where c.status = 'enrolled' and extract(isodow from d) < 6 and abs(hashtext(c.id::text || d::text)) % 10 < 9`);
  // A database in service is vacuumed by autovacuum: index-only scans see a set visibility map.
  await db.execute(sql`vacuum analyze`);
}
