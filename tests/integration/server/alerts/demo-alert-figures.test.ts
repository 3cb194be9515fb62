/**
 * The demonstration alerts agree with the screens (issue 29): each one's figure is read from the demo's
 * data with the screens' own functions, and equals what the screen's endpoint answers at that moment.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditPage } from '../../../../shared/api/audit';
import type { MaintenanceWindow } from '../../../../shared/api/alerts';
import type { BusinessDashboard } from '../../../../shared/api/business';
import type { ApiPerformance } from '../../../../shared/api/monitoring';
import type { OrganizationSummary } from '../../../../shared/api/organizations';
import {
  RANDOM_DEMO_ALERTS,
  SEEDED_DEMO_ALERTS,
  composeDemoAlert,
  failedSignInFilter,
} from '../../../../server/alerts/demo';
import type { NewAlert } from '../../../../server/alerts/store';
import type { Database } from '../../../../server/db/client';
import { DEMO_USERS } from '../../../../server/seed/demo-users';
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, createClock, tokenFor } from '../../../support/server';

const NOW = Date.parse('2026-03-11T15:42:00.000Z');

describe.each(testDatabases)('the demonstration alerts on $name', (target) => {
  const clock = createClock(NOW);
  let database: Database;
  let app: FastifyInstance;
  let token: string;
  const alerts = new Map<string, NewAlert>();
  const get = async <T>(url: string) => {
    const answer = await call(app, { method: 'GET', url, headers: bearer(token) });
    expect(answer.status).toBe(200);
    return answer.body.data as T;
  };

  beforeAll(async () => {
    database = await target.openDemo({ now: NOW });
    app = await buildTestApp(database, clock);
    token = await tokenFor(database, clock, DEMO_USERS.find((u) => u.role === 'super_admin')!.id);
    for (const kind of [...SEEDED_DEMO_ALERTS, ...Object.values(RANDOM_DEMO_ALERTS)]) {
      alerts.set(kind.title, await composeDemoAlert(kind, database.db, NOW));
    }
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const money = (n: number) => `$${n.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

  it("the revenue milestone is the dashboard's MRR, and the round figure below it", async () => {
    const { kpis } = await get<BusinessDashboard>('/dashboard/business?period=30d');
    const alert = alerts.get('Revenue Milestone Reached')!;
    expect(alert.metadata.value).toBe(kpis.mrr);
    expect(kpis.mrr).toBeGreaterThan(0);
    expect(alert.message).toContain(`${money(kpis.mrr)} now`);
    const passed = Number(/passed \$([\d,]+)/.exec(alert.message)![1]!.replace(/,/g, ''));
    expect(passed).toBeLessThanOrEqual(kpis.mrr);
    expect(kpis.mrr - passed).toBeLessThan(1_000);
  });

  it('the daily revenue update is the dashboard chart’s bar of this month', async () => {
    const { revenueSeries } = await get<BusinessDashboard>('/dashboard/business?period=30d');
    const alert = alerts.get('Daily Revenue Update')!;
    expect(alert.metadata.value).toBe(revenueSeries.at(-1)!.revenue);
    expect(alert.message).toBe(`Revenue this month to date: ${money(revenueSeries.at(-1)!.revenue)}.`);
  });

  it('the new enterprise customer is a center the Organization screen lists on Enterprise', async () => {
    const list = await get<OrganizationSummary[]>('/organizations/user');
    const alert = alerts.get('New Enterprise Customer')!;
    const name = /^(.+) subscribed to the Enterprise plan on \d{4}-\d{2}-\d{2}\.$/.exec(alert.message)?.[1];
    expect(list.find((o) => o.name === name)).toMatchObject({ plan: 'enterprise' });
  });

  it("the API latency is API Performance's Last Hour p95 of its slowest endpoint", async () => {
    const { endpoints } = await get<ApiPerformance>('/monitoring/api-performance?range=1h');
    const alert = alerts.get('High API Latency')!;
    const slowest = Math.max(...endpoints.map((e) => e.p95Ms ?? 0));
    const row = endpoints.find((e) => alert.message.startsWith(`${e.method} ${e.route} `))!;
    expect(row.p95Ms).toBe(slowest);
    expect(alert.metadata.value).toBe(`${row.p95Ms} ms`);
    expect(alert.message).toContain(`in ${row.p95Ms} ms`);
  });

  it('the failed sign-ins are what Audit Logs finds for them over the last 30 days', async () => {
    const filter = new URLSearchParams({ ...failedSignInFilter(NOW), withTotal: 'true', limit: '1' });
    const page = await get<AuditPage>(`/audit-logs?${filter}`);
    const alert = alerts.get('Suspicious Sign-in Attempts')!;
    expect(page.total).toBeGreaterThan(0);
    expect(alert.metadata.value).toBe(page.total);
    expect(alert.message).toBe(
      `${page.total} failed sign-in ${page.total === 1 ? 'attempt' : 'attempts'} in the last 30 days.`,
    );
  });

  it("the scheduled maintenance is the Alerts screen's maintenance window", async () => {
    const [window] = await get<MaintenanceWindow[]>('/alert-maintenance-windows');
    expect(window).toMatchObject({ start: '02:00', minutes: 60 });
    expect(alerts.get('Scheduled Maintenance')!.message).toBe(
      `${window!.name} from 02:00 to 03:00, every day.`,
    );
  });

  it('the new trial signups are the centers the Organization screen lists on trial', async () => {
    const list = await get<OrganizationSummary[]>('/organizations/user');
    const trials = list.filter((o) => o.status === 'trial').length;
    expect(trials).toBeGreaterThan(0);
    expect(alerts.get('New Trial Signups')!.metadata.value).toBe(trials);
  });
});
