/**
 * The business figures on real databases: a hand-computed fixture (two organizations, a few events, an
 * add-on, ten days of cost), the empty-database edges, the demo dataset's sample picture, access rules,
 * the audited inputs (spend, cost CSV import) and the health summary.
 */
import { readFile } from 'node:fs/promises';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BudgetStatus,
  BusinessDashboard,
  CostBreakdown,
  CostRecommendation,
  CostRecord,
  OptimizationScore,
  ServerHealth,
} from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import {
  addOns,
  billingPlans,
  children,
  cloudCosts,
  organizationAddOns,
  organizations,
  subscriptionEvents,
} from '../../../../server/db/schema';
import { DEMO_USERS } from '../../../../server/seed/demo-users';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';

const DAY = 86_400_000;
const HEADER = 'date,total,lambda,dynamodb,s3,cloudfront,apigateway,others';

describe.each(testDatabases)('business figures on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  let admin: string;
  let owner: string;
  const now = clock.now();
  const get = <T>(url: string, token: string, org?: string) =>
    call(suite.app, {
      method: 'GET',
      url,
      headers: { ...bearer(token), ...(org ? { 'x-organization-id': org } : {}) },
    }).then((r) => ({ ...r, data: r.body.data as T }));
  /** Sends a change and answers the audit records it added. */
  const send = async (method: 'POST' | 'PUT', url: string, token: string, payload: object) => {
    const before = new Set((await auditRows(suite.database)).map((r) => r.id));
    const response = await call(suite.app, { method, url, headers: bearer(token), payload });
    return { ...response, audit: (await auditRows(suite.database)).filter((r) => !before.has(r.id)) };
  };

  beforeAll(async () => {
    admin = f.platformAdmin.token;
    owner = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'app_owner')).id);
  });

  it('an empty history gives zeros and n/a, never invented figures', async () => {
    const { status, data } = await get<BusinessDashboard>('/dashboard/business', admin);
    expect(status).toBe(200);
    expect(data.kpis).toEqual({
      mrr: 0,
      annualRunRate: 0,
      grossMargin: null,
      cac: null,
      ltv: null,
      monthlyChurn: null,
      cloudMonthlyCost: 0,
      activeCenters: 2,
      trialConversion: null,
    });
    expect(data.revenueSeries).toHaveLength(12);
    expect(data.revenueSeries.every((m) => m.revenue === 0)).toBe(true);
    expect(data.topCenters).toEqual([]);

    const breakdown = (await get<CostBreakdown>('/cost/breakdown', admin)).data;
    expect(breakdown).toMatchObject({
      enoughData: false,
      daysWithData: 0,
      total: { current_cost: 0, forecast: null },
    });
    expect((await get<CostRecommendation[]>('/cost/recommendations', admin)).data).toEqual([]);
    expect((await get<OptimizationScore>('/cost/score', admin)).data).toMatchObject({
      score: 100,
      monthlyCost: 0,
    });
    expect((await get<BudgetStatus[]>('/cost/budgets', admin)).data).toEqual([]);
  });

  it('computes every figure of a hand-made history', async () => {
    await suite.database.db.insert(billingPlans).values([
      { id: 'starter', name: 'Starter', monthlyPriceCents: 19_900 },
      { id: 'professional', name: 'Professional', monthlyPriceCents: 49_900 },
      { id: 'enterprise', name: 'Enterprise', monthlyPriceCents: 99_900 },
    ]);
    await suite.database.db.insert(addOns).values({ id: 'sms', name: 'SMS', monthlyPriceCents: 2_900 });
    // The organization's plan is the one its last event left it on.
    await suite.database.db
      .update(organizations)
      .set({ plan: 'professional' })
      .where(eq(organizations.id, f.orgA));
    const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
    await suite.database.db.insert(subscriptionEvents).values([
      {
        organizationId: f.orgA,
        type: 'new',
        plan: 'starter',
        occurredAt: at(100),
        mrrDeltaCents: 19_900,
        customerDelta: 1,
      },
      {
        organizationId: f.orgA,
        type: 'upgrade',
        plan: 'professional',
        occurredAt: at(10),
        mrrDeltaCents: 30_000,
        customerDelta: 0,
      },
      {
        organizationId: f.orgB,
        type: 'new',
        plan: 'enterprise',
        occurredAt: at(200),
        mrrDeltaCents: 99_900,
        customerDelta: 1,
      },
      {
        organizationId: f.orgB,
        type: 'cancel',
        plan: 'enterprise',
        occurredAt: at(5),
        mrrDeltaCents: -99_900,
        customerDelta: -1,
      },
    ]);
    await suite.database.db
      .insert(organizationAddOns)
      .values({ organizationId: f.orgA, addOnId: 'sms', startedAt: at(20) });
    // Ten days of $10 (lambda) inside the last 30 complete days.
    await suite.database.db.insert(cloudCosts).values(
      Array.from({ length: 10 }, (_, i) => ({
        date: new Date(now - (i + 2) * DAY).toISOString().slice(0, 10),
        service: 'lambda' as const,
        amountCents: 1_000,
      })),
    );

    const { data } = await get<BusinessDashboard>('/dashboard/business?period=30d', admin);
    // MRR: professional (19,900 + 30,000) + the add-on 2,900 = $528; orgB cancelled.
    expect(data.kpis.mrr).toBe(528);
    expect(data.kpis.annualRunRate).toBe(6_336);
    // Revenue: (119,800 × 30 + 2,900 × 20 + 30,000 × 10 − 99,900 × 5) ÷ 30 = 115,083.33 cents.
    const revenue = 3_452_500 / 30;
    expect(data.basis.revenue).toBe(1_150.83);
    expect(data.basis.cloudCost).toBe(100);
    expect(data.kpis.grossMargin).toBeCloseTo((revenue - 10_000) / revenue, 10);
    // One of two customers lost in 30 days; nobody new: CAC n/a; no trial ended: n/a.
    expect(data.kpis.monthlyChurn).toBe(0.5);
    expect(data.basis).toMatchObject({
      customersAtStart: 2,
      customersLost: 1,
      newCustomers: 0,
      payingCustomers: 1,
    });
    expect(data.kpis.cac).toBeNull();
    expect(data.kpis.trialConversion).toBeNull();
    // Previous six months (Sep–Feb): only February lost one of two customers: average 0.5 ÷ 6.
    expect(data.basis.averageChurn6m).toBeCloseTo(0.5 / 6, 12);
    expect(data.kpis.ltv).toBeCloseTo((52_800 * ((revenue - 10_000) / revenue)) / (0.5 / 6) / 100, 2);
    expect(data.kpis.cloudMonthlyCost).toBe(100);
    expect(data.revenueByPlan.map((p) => [p.plan, p.customers, p.mrr, p.addOns])).toEqual([
      ['professional', 1, 528, [{ id: 'sms', name: 'SMS', count: 1 }]],
      ['enterprise', 0, 0, []],
      ['starter', 0, 0, []],
    ]);
    expect(data.topCenters).toEqual([
      {
        organizationId: f.orgA,
        name: 'Alpha Kids',
        plan: 'professional',
        children: 1,
        mrr: 528,
        health: 'at risk',
      },
    ]);
    // February's revenue: orgB's $999 for 24 of 28 days… prorated against 30-day months.
    expect(data.revenueSeries.at(-1)?.month).toBe('2026-03');

    // A week: orgB's cancel is inside it, the upgrade is not.
    const week = (await get<BusinessDashboard>('/dashboard/business?period=7d', admin)).data;
    expect(week.basis.customersLost).toBe(1);
    expect(week.kpis.monthlyChurn).toBeCloseTo((0.5 * 30) / 7, 12);
    expect(week.basis.revenue).not.toBe(data.basis.revenue);

    // The organization's own figures: no churn in six months, so LTV is n/a; CAC is not attributable.
    const own = await get<BusinessDashboard>('/dashboard/business/organization', f.a.owner.token, f.orgA);
    expect(own.status).toBe(200);
    expect(own.data).toMatchObject({ scope: 'organization', organizationId: f.orgA });
    expect(own.data.kpis).toMatchObject({
      mrr: 528,
      monthlyChurn: 0,
      ltv: null,
      cac: null,
      cloudMonthlyCost: 100,
    });
    expect(own.data.basis.averageChurn6m).toBe(0);
  });

  it('center administrators see only their own organization; platform figures need analytics.view_platform', async () => {
    const platform = await get('/dashboard/business', f.a.owner.token);
    expect(platform).toMatchObject({
      status: 403,
      body: { error: formatError(ERRORS.forbidden, { permission: 'analytics.view_platform' }) },
    });
    expect((await get('/dashboard/business', owner)).status).toBe(200);
    expect((await get('/dashboard/business/organization', f.a.owner.token, f.orgB)).status).toBe(403);
    // Any member of the organization sees its dashboard (dashboards:read), a viewer included.
    expect((await get('/dashboard/business/organization', f.a.manager.token, f.orgA)).status).toBe(200);
    const viewed = await get<BusinessDashboard>('/dashboard/business/organization', f.a.viewer.token, f.orgA);
    expect(viewed).toMatchObject({ status: 200, data: { scope: 'organization', organizationId: f.orgA } });
    // …but not another organization's.
    expect((await get('/dashboard/business/organization', f.a.viewer.token, f.orgB)).status).toBe(403);
    expect((await get('/dashboard/business?period=decade', admin)).status).toBe(400);
  });

  it('imports a cost CSV all or nothing, naming each bad line, and audits it', async () => {
    const before = (await suite.database.db.select({ n: count() }).from(cloudCosts))[0]?.n;
    const bad = `${HEADER}\n2026-01-01,3,1,1,1,0,0,0\n2026-01-02,,x,0,0,0,0,0\n`;
    const refused = await send('POST', '/cost/import', admin, { csv: bad });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(
      formatError(ERRORS.costImportRefused, { errors: 'line 3: lambda: "x" is not an amount in dollars' }),
    );
    expect((await suite.database.db.select({ n: count() }).from(cloudCosts))[0]?.n).toBe(before);
    expect(refused.audit).toEqual([expect.objectContaining({ action: 'IMPORT', status: 'failure' })]);

    const good = `${HEADER}\n2026-01-01,3,1,1,1,0,0,0\n2026-01-02,,2.5,0,0,0,0,0.5\n`;
    const imported = await send('POST', '/cost/import', admin, { csv: good });
    expect(imported).toMatchObject({
      status: 200,
      body: { data: { imported: 2, from: '2026-01-01', to: '2026-01-02' } },
    });
    const again = await send('POST', '/cost/import', admin, { csv: `${HEADER}\n2026-01-02,,4,0,0,0,0,0\n` });
    expect(again.status).toBe(200);
    const lambda = await suite.database.db.select().from(cloudCosts).where(eq(cloudCosts.date, '2026-01-02'));
    expect(lambda.find((r) => r.service === 'lambda')?.amountCents).toBe(400);
    const [last] = again.audit;
    expect(again.audit).toHaveLength(1);
    expect(last).toMatchObject({ action: 'IMPORT', resource: 'cloud_costs', status: 'success' });
    expect(last?.details).toMatchObject({ days: 1, from: '2026-01-02', to: '2026-01-02' });

    // Importing is the platform's business.
    expect((await send('POST', '/cost/import', f.a.owner.token, { csv: good })).status).toBe(403);
  });

  it('records the monthly sales and marketing spend that CAC uses', async () => {
    const saved = await send('PUT', '/business/spend/2026-02', owner, { amount: 2800.5 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ data: { month: '2026-02', amount: 2800.5 } });
    expect(saved.audit).toEqual([
      expect.objectContaining({
        action: 'UPDATE',
        resource: 'acquisition_spend',
        resourceId: '2026-02',
        status: 'success',
      }),
    ]);
    expect((await send('PUT', '/business/spend/2026-13', owner, { amount: 1 })).status).toBe(400);
    expect((await send('PUT', '/business/spend/2026-02', owner, { amount: -1 })).status).toBe(400);
    const list = await get<{ month: string; amount: number }[]>('/business/spend', owner);
    expect(list.data).toEqual([expect.objectContaining({ month: '2026-02', amount: 2800.5 })]);
  });

  it("reports the server's real health", async () => {
    const { status, data } = await get<ServerHealth>('/system/health-summary', f.a.viewer.token);
    expect(status).toBe(200);
    expect(data.status).toBe('ok');
    expect(data.database).toMatchObject({ kind: target.name, reachable: true });
    expect(data.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(data.migrations.applied).toBeGreaterThanOrEqual(4);
    // The newest migration of the journal (its number changes as migrations are added).
    const journal = JSON.parse(await readFile('server/db/migrations/meta/_journal.json', 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(data.migrations.last).toBe(journal.entries.at(-1)?.tag);
  });
});

describe.each(testDatabases)('the demo business dataset on $name', (target) => {
  const suite = useServerSuite(target, {
    demo: {},
  });
  const { clock } = suite;
  let token: string;
  const get = <T>(url: string) =>
    call(suite.app, { method: 'GET', url, headers: bearer(token) }).then((r) => r.body.data as T);

  beforeAll(async () => {
    const adminId = DEMO_USERS.find((u) => u.email === 'admin@demo.example')?.id ?? '';
    token = await tokenFor(suite.database, clock, adminId);
  });

  it("opens on the spec's sample picture: $2,200 budget at 85 %, score 72/100, $199/$499/$999 plans", async () => {
    const [budget] = await get<BudgetStatus[]>('/cost/budgets');
    expect(budget).toMatchObject({
      monthlyLimit: 2200,
      spent: 1870,
      usedPercent: 85,
      alertThresholdPercent: 80,
    });
    expect(budget?.alerts[0]).toMatchObject({ kind: 'actual', severity: 'warning' });
    expect((await get<OptimizationScore>('/cost/score?period=30d')).score).toBe(72);
    const plans = await suite.database.db.select().from(billingPlans);
    expect(Object.fromEntries(plans.map((p) => [p.id, p.monthlyPriceCents]))).toMatchObject({
      starter: 19_900,
      professional: 49_900,
      enterprise: 99_900,
    });
    const breakdown = await get<CostBreakdown>('/cost/breakdown');
    expect(breakdown).toMatchObject({ enoughData: true, daysWithData: 30, total: { current_cost: 1870 } });
    expect(breakdown.total.forecast?.low).toBeLessThanOrEqual(breakdown.total.forecast?.value ?? 0);
    const year = await get<CostBreakdown>('/cost/breakdown?period=1y');
    expect(year.total.previous_cost).toBeNull();
    expect((await get<CostRecord[]>('/cost/trend?period=7d')).length).toBe(7);
  });

  it('computes the dashboard from the demo history, with real children counts, and the period matters', async () => {
    const month = await get<BusinessDashboard>('/dashboard/business?period=30d');
    expect(month.kpis.mrr).toBeGreaterThan(0);
    expect(month.kpis.annualRunRate).toBeCloseTo(12 * month.kpis.mrr, 6);
    expect(month.kpis.cloudMonthlyCost).toBe(1870);
    expect(month.kpis.grossMargin).toBeGreaterThan(0);
    expect(month.kpis.ltv).not.toBeNull();
    expect(month.kpis.trialConversion).not.toBeNull();
    expect(month.kpis.cac).not.toBeNull();
    expect(month.topCenters.length).toBeGreaterThan(3);
    for (const center of month.topCenters) {
      const [row] = await suite.database.db
        .select({ n: count() })
        .from(children)
        .where(eq(children.organizationId, center.organizationId));
      expect(center.children).toBeLessThanOrEqual(row?.n ?? 0);
      expect(center.children).toBeGreaterThan(0);
    }
    const ytd = await get<BusinessDashboard>('/dashboard/business?period=ytd');
    expect(ytd.basis.revenue).not.toBe(month.basis.revenue);
    expect(ytd.kpis.mrr).toBe(month.kpis.mrr);
  });
});
