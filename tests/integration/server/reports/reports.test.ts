/**
 * Advanced Reporting on real databases, with the job runner running and a local SMTP sink: definitions
 * (validation, ownership, audit), the catalogue against the screens' own endpoints for the same period,
 * every report type in PDF and XLSX (the workbook read back with exceljs, the PDF's text with pdftotext:
 * a summary page of every figure with its change, charts two to a page, readable dates, the XLSX's figures),
 * a schedule firing on the test clock and mailing the file, and the permission rules (a report never shows
 * what its creator cannot see; a revoked permission puts a scheduled report in error with the reason).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  AlertList,
  ApiPerformance,
  BudgetStatus,
  BusinessDashboard,
  CostBreakdown,
  CostRecommendation,
  ReportData,
  ReportDefinition,
  ReportInput,
  SystemSettings,
  UserAnalytics,
} from '../../../../shared/api';
import { ALERT_SEVERITIES } from '../../../../shared/alerting';
import {
  METRIC_IDS,
  METRICS,
  REPORT_TEMPLATES,
  REPORT_TYPES,
  type MetricId,
} from '../../../../shared/reports';
import { buildApp } from '../../../../server/app';
import { alerts, organizations, reports, requestRollups, users } from '../../../../server/db/schema';
import { rolledUpTo } from '../../../../server/monitoring/rollup';
import { createJobRunner, type JobRunner } from '../../../../server/jobs/runner';
import { createLogger } from '../../../../server/logger';
import { CATALOGUE, NOT_BY_ORGANIZATION } from '../../../../server/reports/catalogue';
import { REPORT_QUEUES } from '../../../../server/reports/jobs';
import { STUCK_REASON, sweepStuckReports } from '../../../../server/reports/sweep';
import { renderXlsx, SUMMARY_COLUMNS } from '../../../../server/reports/xlsx';
import { formatValue } from '../../../../server/reports/format';
import { CHART_CAPTIONS } from '../../../../server/reports/chart';
import { demoOrganizationId } from '../../../../server/seed/tenancy';
import { testDatabases } from '../../../support/databases';
import { TEST_SECRET_KEY, TEST_SHEDDING, bearer, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';
import { startSmtpSink, type SmtpSink } from '../../../support/smtp-sink';
import { changeText, pdfPages } from '../../../support/reports';

const DAY = 86_400_000;
const quiet = { error: () => undefined, warn: () => undefined };

describe.each(testDatabases)('reports on $name', (target) => {
  const suite = useServerSuite(target, {
    app: false,
    demo: {},
  });
  const { clock } = suite;
  let smtp: SmtpSink;
  let app: FastifyInstance;
  let jobs: JobRunner;
  let admin: string;
  let adminId: string;
  let owner: string;
  let ownerId: string;
  let centerAdmin: string;
  let dir: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    const smtpUrl = smtp.url;
    jobs = createJobRunner({ database: suite.database, logger: quiet });
    app = await buildApp({
      secretKey: TEST_SECRET_KEY,
      database: suite.database,
      config: {
        now: clock.now,
        smtpUrl,
        mailFrom: 'reports@test.example',
        smtpLoopbackSink: true,
        shedding: TEST_SHEDDING,
      },
      logger: createLogger({ level: 'silent' }),
      jobs,
    });
    await jobs.start();
    adminId = (await insertUser(suite.database, 'super_admin')).id;
    admin = await tokenFor(suite.database, clock, adminId);
    ownerId = (await insertUser(suite.database, 'app_owner')).id;
    owner = await tokenFor(suite.database, clock, ownerId);
    centerAdmin = await tokenFor(
      suite.database,
      clock,
      (await insertUser(suite.database, 'center_admin')).id,
    );
    dir = await mkdtemp(path.join(tmpdir(), 'reports-test-'));
  }, 120_000);
  afterAll(async () => {
    await jobs?.stop(1);
    await app?.close();
    await smtp?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
    call(app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const get = async <T>(url: string, token = admin) => (await send('GET', url, token)).body.data as T;

  const input = (over: Partial<ReportInput> = {}): ReportInput => ({
    name: 'Monthly figures',
    description: 'Everything, for the board',
    type: 'custom',
    format: 'xlsx',
    schedule: 'manual',
    metrics: ['mrr'],
    filters: { organizationId: null, plan: null, period: '30d' },
    recipients: [],
    ...over,
  });
  const create = async (over: Partial<ReportInput> = {}, token = admin) => {
    const response = await send('POST', '/reports', token, input(over));
    expect(response.status, response.body.error).toBe(200);
    return response.body.data as ReportDefinition;
  };
  const definition = async (id: string, token = admin) =>
    (await get<{ reports: ReportDefinition[] }>('/reports', token)).reports.find((r) => r.id === id);
  /** Generate Now, then wait for the job: running → active (or error). */
  const generate = async (id: string, token = admin) => {
    const response = await send('POST', `/reports/${id}/generate`, token);
    expect(response.status, response.body.error).toBe(200);
    expect((response.body.data as ReportDefinition).status).toBe('running');
    let done: ReportDefinition | undefined;
    await vi.waitFor(
      async () => {
        done = await definition(id, token);
        expect(done?.status).not.toBe('running');
      },
      { timeout: 60_000, interval: 200 },
    );
    return done as ReportDefinition;
  };
  const download = async (id: string, token = admin) => {
    const response = await app.inject({
      method: 'GET',
      url: `/reports/${id}/download`,
      headers: bearer(token),
    });
    return response;
  };

  it('validates a definition with clear messages and keeps nothing', async () => {
    const before = (await get<{ reports: ReportDefinition[] }>('/reports')).reports.length;
    const bad = await send('POST', '/reports', admin, {
      ...input(),
      name: '  ',
      metrics: [],
      schedule: 'weekly',
      recipients: ['not-an-address'],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('The name is required');
    expect(bad.body.error).toContain('Choose at least one metric');
    expect(bad.body.error).toContain('"not-an-address" is not an email address');
    const unscheduled = await send('POST', '/reports', admin, { ...input(), schedule: 'daily' });
    expect(unscheduled.status).toBe(400);
    expect(unscheduled.body.error).toContain('A scheduled report needs at least one recipient');
    const unknown = await send('POST', '/reports', admin, { ...input(), metrics: ['bogus'] });
    expect(unknown.body.error).toContain('Unknown metric "bogus"');
    expect((await get<{ reports: ReportDefinition[] }>('/reports')).reports).toHaveLength(before);
  });

  it('creates, edits and deletes the caller’s own reports, audited; others’ are not found', async () => {
    const before = new Set((await auditRows(suite.database)).map((r) => r.id));
    const made = await create({ name: 'Edit me', schedule: 'weekly', recipients: ['a@test.example'] });
    expect(made).toMatchObject({ status: 'active', size: null, lastGenerated: null, file: null });
    expect(made.nextRun).not.toBeNull();
    const edited = await send(
      'PUT',
      `/reports/${made.id}`,
      admin,
      input({ name: 'Edited', schedule: 'manual' }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Edited', schedule: 'manual', nextRun: null });
    expect((await send('PUT', `/reports/${made.id}`, owner, input())).status).toBe(404);
    expect((await send('DELETE', `/reports/${made.id}`, owner)).status).toBe(404);
    expect((await send('DELETE', `/reports/${made.id}`, admin)).status).toBe(200);
    expect(await definition(made.id)).toBeUndefined();
    const added = (await auditRows(suite.database)).filter((r) => !before.has(r.id));
    expect(added.map((r) => `${r.action} ${r.resource} ${r.status}`)).toEqual(
      expect.arrayContaining(['CREATE report success', 'UPDATE report success', 'DELETE report success']),
    );
  });

  it(
    'computes every metric with the figures its screen answers for the same period',
    { timeout: 120_000 },
    async () => {
      const report = await create({ name: 'Everything', metrics: [...METRIC_IDS] });
      const done = await generate(report.id);
      expect(done.error).toBeNull();
      expect(done.status).toBe('active');
      const data = await get<ReportData>(`/reports/${report.id}/data`);
      const value = (id: string) => data.metrics.find((m) => m.id === id)?.value;

      const dashboard = await get<BusinessDashboard>('/dashboard/business?period=30d');
      expect(value('mrr')).toBe(dashboard.kpis.mrr);
      expect(value('arr')).toBe(dashboard.kpis.annualRunRate);
      expect(value('churn')).toBe(dashboard.kpis.monthlyChurn);
      expect(value('cac')).toBe(dashboard.kpis.cac);
      expect(value('ltv')).toBe(dashboard.kpis.ltv);
      expect(value('trialConversion')).toBe(dashboard.kpis.trialConversion);
      const byPlan = data.metrics.find((m) => m.id === 'revenueByPlan');
      expect(byPlan?.table.rows).toEqual(dashboard.revenueByPlan.map((p) => [p.plan, p.customers, p.mrr]));
      expect(data.metrics.find((m) => m.id === 'topCenters')?.table.rows.map((r) => r[0])).toEqual(
        dashboard.topCenters.map((c) => c.name),
      );
      const breakdown = await get<CostBreakdown>('/cost/breakdown?period=30d');
      expect(value('costByService')).toBe(breakdown.total.current_cost);
      const budgets = await get<BudgetStatus[]>('/cost/budgets');
      expect(value('budgetUse')).toBe(Math.max(...budgets.map((b) => b.usedPercent)));
      const recommendations = await get<CostRecommendation[]>('/cost/recommendations?period=30d');
      expect(value('recommendations')).toBeCloseTo(
        recommendations.reduce((s, r) => s + r.potential_savings, 0),
        6,
      );
      const api = await get<ApiPerformance>('/monitoring/api-performance?range=7d');
      expect(value('requestVolume')).toBe(api.kpis.requests);
      expect(value('errorRate')).toBe(api.kpis.errorRate);
      expect(value('latency')).toBe(api.latency.p95);
      expect(value('apdex')).toBe(api.apdex);
      const usage = await get<UserAnalytics>('/analytics/usage?range=30d');
      expect(value('activeUsers')).toBe(usage.kpis.uniqueUsers);
      expect(value('sessions')).toBe(usage.kpis.totalSessions);
      const from = new Date(clock.now() - 30 * DAY).toISOString();
      const to = new Date(clock.now()).toISOString();
      const logins = await get<{ total: number }>(
        `/audit-logs?action=LOGIN&status=success&withTotal=true&limit=1&from=${from}&to=${to}`,
      );
      expect(value('signIns')).toBe(logins.total);

      const { alerts: listed, stats } = await get<AlertList>('/alerts');
      expect(stats.avgResolutionTime).not.toBeNull();
      expect(value('meanTimeToResolve')).toBe(stats.avgResolutionTime);
      expect(value('alertsBySeverity')).toBe(listed.length);
      expect(data.metrics.find((m) => m.id === 'alertsBySeverity')?.table.rows).toEqual(
        ALERT_SEVERITIES.map((severity) => {
          const of = listed.filter((a) => a.severity === severity);
          return [severity, of.length, of.filter((a) => a.status !== 'resolved').length];
        }),
      );
      // Unfiltered, no figure carries the organization note.
      expect(data.metrics.every((m) => m.note === null)).toBe(true);

      // Each figure's previous period: the cost screen's own previous period, the Audit Logs screen's total
      // for the 30 days before; a figure over every alert ever raised has none.
      const previous = (id: string) => data.metrics.find((m) => m.id === id)?.previous;
      expect(previous('costByService')).toEqual({
        value: breakdown.total.previous_cost,
        coverage: 'Previous 30 days',
      });
      const earlier = await get<{ total: number }>(
        `/audit-logs?action=LOGIN&status=success&withTotal=true&limit=1&from=${new Date(clock.now() - 60 * DAY).toISOString()}&to=${from}`,
      );
      expect(previous('signIns')).toEqual({ value: earlier.total, coverage: 'Previous 30 days' });
      expect(previous('requestVolume')?.coverage).toBe('Previous 7 days');
      expect(previous('uptime')?.coverage).toBe('Previous 24 hours');
      expect(previous('alertsBySeverity')).toBeNull();
      expect(previous('meanTimeToResolve')).toBeNull();
      expect(data.metrics.filter((m) => m.previous === undefined)).toEqual([]);
    },
  );

  it(
    'narrows every figure with an organization to the report’s, and notes the others, in the PDF and XLSX',
    { timeout: 120_000 },
    async () => {
      const organizationId = demoOrganizationId(0);
      const at = (minutesAgo: number) => new Date(clock.now() - minutesAgo * 60_000);
      await suite.database.db.insert(alerts).values([
        {
          organizationId,
          title: 'Late sign-outs',
          severity: 'high',
          status: 'resolved',
          createdAt: at(200),
          resolvedAt: at(110),
        },
        {
          organizationId,
          title: 'Ratio breach',
          severity: 'high',
          status: 'resolved',
          createdAt: at(100),
          resolvedAt: at(70),
        },
        { organizationId, title: 'Missed check-in', severity: 'low', status: 'active', createdAt: at(50) },
      ]);
      // Requests made for this organization (and for another, which must not count) a few minutes ago: as
      // the minute row, or as the hour row when the data's hours are rolled up past it (the window reads
      // hour rows up to the first hour not rolled up, minute rows after it).
      const minute = clock.now() - (clock.now() % 60_000) - 5 * 60_000;
      const rolled = await rolledUpTo(suite.database.db);
      const asHour = rolled !== null && rolled > minute;
      const rollup = (org: string, route: string, requests: number, errors: number) => ({
        resolution: asHour ? ('hour' as const) : ('minute' as const),
        periodStart: new Date(asHour ? minute - (minute % 3_600_000) : minute),
        instanceId: 'report-test',
        route,
        method: 'GET',
        organizationId: org,
        requests,
        errors,
        statusCounts: (errors ? { '500': errors } : {}) as Record<string, number>,
        durationSumMs: requests * 40,
        satisfied: requests - errors,
        tolerating: 0,
        latencyBuckets: [] as number[],
        latencyCounts: [] as number[],
      });
      await suite.database.db
        .insert(requestRollups)
        .values([
          rollup(organizationId, '/organizations/:id', 40, 2),
          rollup(organizationId, '/organizations/:id/members', 10, 0),
          rollup(demoOrganizationId(1), '/organizations/:id', 500, 100),
        ]);
      const filters = { organizationId, plan: null, period: '30d' as const };
      const results = new Map<string, ReportData>();
      let book: ExcelJS.Workbook | undefined;
      let pages: string[] = [];
      for (const format of ['xlsx', 'pdf'] as const) {
        const report = await create({
          name: `One center ${format}`,
          format,
          metrics: [...METRIC_IDS],
          filters,
        });
        const done = await generate(report.id);
        expect(done.status, done.error ?? '').toBe('active');
        results.set(format, await get<ReportData>(`/reports/${report.id}/data`));
        const response = await download(report.id);
        const data = results.get(format) as ReportData;
        const noted = data.metrics.filter((m) => m.note);
        if (format === 'xlsx') {
          book = new ExcelJS.Workbook();
          await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
          const notes = new Map<string, unknown>();
          book
            .getWorksheet('Summary')
            ?.eachRow((row) => notes.set(String(row.getCell(1).value), row.getCell(9).value));
          expect(notes.get('Metric')).toBe('Note');
          for (const m of data.metrics) expect(notes.get(m.label), m.label).toBe(m.note ?? null);
        } else {
          pages = await pdfPages(response.rawPayload, dir);
          const flat = pages.join(' ');
          expect(flat.split(NOT_BY_ORGANIZATION).length - 1).toBe(noted.length);
        }
      }

      // The downloaded workbook holds its own figures: value, previous value, change.
      const xlsxData = results.get('xlsx') as ReportData;
      expect(summaryRows(book).map((r) => [r.label, r.value, r.previous])).toEqual(
        xlsxData.metrics.map((m) => [m.label, m.value, m.previous?.value ?? null]),
      );
      // The XLSX's figures are the PDF's. The two files above were generated one after the other (the
      // first's audit records count in the second's audit figures), so the workbook compared here is the
      // one the server's renderer makes of the PDF's own figures: each Summary row, written as the PDF
      // writes it, is on the PDF's summary page (page 1), with the organization filter named there.
      const [org] = await suite.database.db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, organizationId));
      const summaryPage = pages[0] ?? '';
      expect(summaryPage).toContain(`Organization ${org?.name}`);
      expect(summaryPage).toContain(`${METRIC_IDS.length} figures, each against its previous period`);
      const pdfData = results.get('pdf') as ReportData;
      book = new ExcelJS.Workbook();
      await book.xlsx.load(
        (await renderXlsx(
          {
            name: 'One center pdf',
            description: '',
            type: 'custom',
            platformName: 'Operations Console',
            timezone: 'UTC',
            timeZone: 'UTC',
            generatedAt: '2 Mar 2026, 09:00',
            createdBy: 'Admin',
            organization: org?.name ?? '',
            plan: 'All plans',
          },
          pdfData,
        )) as unknown as ArrayBuffer,
      );
      const workbookRows = summaryRows(book);
      expect(workbookRows.map((r) => r.label)).toEqual(pdfData.metrics.map((m) => m.label));
      for (const row of workbookRows) {
        const metric = pdfData.metrics.find((m) => m.label === row.label);
        if (!metric) throw new Error(row.label);
        expect(row.value, row.label).toBe(metric.value);
        expect(row.previous, row.label).toBe(metric.previous?.value ?? null);
        const was = formatValue(row.previous, metric.unit);
        const line = !row.comparedWith
          ? 'No earlier period: the figure covers all time'
          : row.previous === null
            ? `n/a: no figure for the ${row.comparedWith.toLowerCase()}`
            : `${changeText(row.change, row.changeKind)} vs ${row.comparedWith.toLowerCase()} (was ${was})`;
        expect(summaryPage, row.label).toContain(
          `${row.label} ${formatValue(row.value, metric.unit)} ${line}`,
        );
      }
      // Changes of amounts are relative, of percentages in points; some figures of the demo have moved.
      expect(workbookRows.find((r) => r.label === METRICS.churn.label)?.changeKind).toBe('points');
      expect(workbookRows.some((r) => r.change !== null && r.change !== 0)).toBe(true);
      const data = results.get('xlsx') as ReportData;
      const metric = (id: MetricId) => data.metrics.find((m) => m.id === id);
      // Each family: noted exactly when its figure has no organization dimension.
      for (const id of METRIC_IDS) {
        expect(metric(id)?.note ?? null, id).toBe(CATALOGUE[id].byOrganization ? null : NOT_BY_ORGANIZATION);
      }
      expect(METRIC_IDS.filter((id) => CATALOGUE[id].byOrganization)).toEqual([
        'mrr',
        'arr',
        'churn',
        'cac',
        'ltv',
        'trialConversion',
        'revenueByPlan',
        'topCenters',
        'requestVolume',
        'errorRate',
        'latency',
        'apdex',
        'alertsBySeverity',
        'meanTimeToResolve',
        'signIns',
        'auditByAction',
      ]);

      // Dashboard figures: the organization's dashboard for the same period.
      const response = await call(app, {
        method: 'GET',
        url: '/dashboard/business/organization?period=30d',
        headers: { ...bearer(admin), 'x-organization-id': organizationId },
      });
      expect(response.status, response.body.error).toBe(200);
      const dashboard = response.body.data as BusinessDashboard;
      expect(metric('mrr')?.value).toBe(dashboard.kpis.mrr);
      expect(metric('churn')?.value).toBe(dashboard.kpis.monthlyChurn);
      expect(metric('topCenters')?.table.rows.map((r) => r[0])).toEqual(
        dashboard.topCenters.map((c) => c.name),
      );
      const platform = await get<BusinessDashboard>('/dashboard/business?period=30d');
      expect(metric('mrr')?.value).toBeLessThan(platform.kpis.mrr ?? 0);

      // Audit figures: the Audit Logs screen's total in that organization.
      const from = new Date(clock.now() - 30 * DAY).toISOString();
      const to = new Date(clock.now()).toISOString();
      const logins = await call(app, {
        method: 'GET',
        url: `/audit-logs?action=LOGIN&status=success&withTotal=true&limit=1&from=${from}&to=${to}`,
        headers: { ...bearer(admin), 'x-organization-id': organizationId },
      });
      expect(metric('signIns')?.value).toBe((logins.body.data as { total: number }).total);

      // Alert figures: the organization's alerts only (the platform's are not counted), read back here.
      const own = await suite.database.db
        .select()
        .from(alerts)
        .where(eq(alerts.organizationId, organizationId));
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(metric('alertsBySeverity')?.value).toBe(own.length);
      expect(metric('alertsBySeverity')?.table.rows).toEqual(
        ALERT_SEVERITIES.map((severity) => {
          const of = own.filter((a) => a.severity === severity);
          return [severity, of.length, of.filter((a) => a.status !== 'resolved').length];
        }),
      );
      const resolved = own.filter((a) => a.resolvedAt !== null);
      const mean =
        resolved.reduce((sum, a) => sum + ((a.resolvedAt?.getTime() ?? 0) - a.createdAt.getTime()), 0) /
        resolved.length /
        60_000;
      expect(metric('meanTimeToResolve')?.value).toBe(Math.round(mean * 10) / 10);
      expect(metric('meanTimeToResolve')?.unit).toBe('minutes');
      expect(formatValue(60, 'minutes')).toBe('60.0 min (1h 0m)');

      // API figures: the requests made for the organization only (the demo's carry none).
      expect(metric('requestVolume')?.value).toBe(50);
      expect(metric('errorRate')?.value).toBe(4);
      expect(metric('apdex')?.table.rows).toEqual([
        ['GET /organizations/:id', 40, 0.95],
        ['GET /organizations/:id/members', 10, 1],
      ]);
      const api = await get<ApiPerformance>('/monitoring/api-performance?range=7d');
      expect(api.kpis.requests).toBeGreaterThan(550);

      // The figures without an organization are the platform's, as their screens show them.
      const breakdown = await get<CostBreakdown>('/cost/breakdown?period=30d');
      expect(metric('costByService')?.value).toBe(breakdown.total.current_cost);
      expect(METRICS.meanTimeToResolve.category).toBe('platform');
    },
  );

  it(
    'puts a report its dead generation left running in error after the timeout, by the sweep job',
    { timeout: 60_000 },
    async () => {
      const old = await create({ name: 'Killed mid-generation' });
      const fresh = await create({ name: 'Still generating' });
      const legacy = await create({ name: 'Running since before the column' });
      const minutesAgo = (m: number) => new Date(clock.now() - m * 60_000);
      await suite.database.db
        .update(reports)
        .set({ status: 'running', runningSince: minutesAgo(31) })
        .where(eq(reports.id, old.id));
      await suite.database.db
        .update(reports)
        .set({ status: 'running', runningSince: minutesAgo(29) })
        .where(eq(reports.id, fresh.id));
      await suite.database.db
        .update(reports)
        .set({ status: 'running', runningSince: null })
        .where(eq(reports.id, legacy.id));
      // Generate Now refuses a running report.
      expect((await send('POST', `/reports/${old.id}/generate`, admin)).status).toBe(409);

      await jobs.send(REPORT_QUEUES.stuckSweep, {});
      await vi.waitFor(async () => expect((await definition(old.id))?.status).toBe('error'), {
        timeout: 30_000,
        interval: 200,
      });
      expect((await definition(old.id))?.error).toBe(STUCK_REASON);
      expect(STUCK_REASON).toContain('30 minutes');
      expect((await definition(legacy.id))?.status).toBe('error');
      expect((await definition(fresh.id))?.status).toBe('running');

      // The same sweep, directly, once the fresh one passes the timeout too; nothing else is touched.
      expect(await sweepStuckReports(suite.database.db, clock.now())).toEqual([]);
      expect(await sweepStuckReports(suite.database.db, clock.now() + 2 * 60_000)).toEqual([fresh.id]);

      // An errored report generates again.
      const again = await generate(old.id);
      expect(again.status).toBe('active');
      expect(again.error).toBeNull();
      const [row] = await suite.database.db.select().from(reports).where(eq(reports.id, old.id));
      expect(row?.runningSince).toBeNull();
      for (const r of [old, fresh, legacy]) await send('DELETE', `/reports/${r.id}`, admin);
    },
  );

  describe.each(REPORT_TYPES)('a %s report', (type) => {
    const template = REPORT_TEMPLATES.find((t) => t.type === type);
    it.each(['xlsx', 'pdf'] as const)(
      'is generated as %s with the API’s figures',
      { timeout: 120_000 },
      async (format) => {
        if (!template) throw new Error(`no template for ${type}`);
        const report = await create({
          name: `${template.name} ${format}`,
          type,
          format,
          metrics: [...template.metrics],
        });
        const done = await generate(report.id);
        expect(done.status, done.error ?? '').toBe('active');
        expect(done.file?.fileName).toMatch(new RegExp(`\\.${format}$`));
        expect(done.size).toBeGreaterThan(0);
        expect(done.lastGenerated).toBe(new Date(clock.now()).toISOString());
        const data = await get<ReportData>(`/reports/${report.id}/data`);
        const response = await download(report.id);
        expect(response.statusCode).toBe(200);
        expect(response.rawPayload.length).toBe(done.size);

        if (format === 'xlsx') {
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
          const summary = book.getWorksheet('Summary');
          expect(summary?.views[0]).toMatchObject({ state: 'frozen' });
          const values = new Map<string, unknown>();
          summary?.eachRow((row) => values.set(String(row.getCell(1).value), row.getCell(2).value));
          for (const metric of data.metrics) {
            expect(values.get(metric.label), metric.label).toBe(metric.value);
            const sheet = book.worksheets.find((s) => s.name.startsWith(metric.label.slice(0, 20)));
            expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
            expect(sheet?.getRow(1).getCell(1).value).toBe(metric.table.columns[0]?.label);
            if (metric.unit === 'money' && typeof metric.value === 'number') {
              expect(summary?.findRow(data.metrics.indexOf(metric) + 11)?.getCell(2).numFmt).toContain('$');
            }
          }
        } else {
          const pages = await pdfPages(response.rawPayload, dir);
          const [summary = ''] = pages;
          // Page 1: the report, its period in dates people read, the organization filter named, and every
          // figure as a tile: name, value, change against its previous period, definition.
          expect(summary).toContain('Operations Console');
          expect(summary).toContain(`Page 1 of ${pages.length}`);
          expect(summary).toContain('Period Last 30 Days: 31 Jan 2026 – 2 Mar 2026');
          expect(summary).toContain('Organization All organizations');
          expect(summary).toContain('Generated 2 Mar 2026, 09:00 (UTC)');
          for (const metric of data.metrics) {
            expect(metric.previous, metric.id).toBeDefined();
            const change =
              metric.previous === null || metric.previous === undefined
                ? 'No earlier period: the figure covers all time'
                : metric.previous.value === null
                  ? `n/a: no figure for the ${metric.previous.coverage.toLowerCase()}`
                  : `vs ${metric.previous.coverage.toLowerCase()} (was ${formatValue(metric.previous.value, metric.unit)})`;
            expect(summary).toContain(`${metric.label} ${formatValue(metric.value, metric.unit)} `);
            expect(summary).toContain(change);
            expect(summary).toContain(metric.definition);
          }
          // Then the charts, two to a page (figures drawing the same series share one), then the tables.
          const charts = [...new Set(data.metrics.map((m) => JSON.stringify(m.chart)))].map(
            (key) =>
              data.metrics.find((m) => JSON.stringify(m.chart) === key) as (typeof data.metrics)[number],
          );
          const chartPages = Math.ceil(charts.length / 2);
          charts.forEach((first, i) => {
            const page = pages[1 + Math.floor(i / 2)] ?? '';
            expect(page, first.id).toContain(CHART_CAPTIONS[first.id]);
            expect(page, first.id).toContain(first.label);
          });
          expect(pages[1 + chartPages]).toMatch(/^Figures in detail|Figures in detail/);
          expect(pages.slice(0, 1 + chartPages).join(' ')).not.toContain('Figures in detail');
          // No ISO date or timestamp anywhere: every date is written as people read it.
          expect(pages.join(' ')).not.toMatch(/\d{4}-\d{2}(-\d{2})?/);
          if (type === 'dashboard') {
            // The Executive Summary's 5 figures: a summary page, 1 page of its 2 charts, the tables (7 pages
            // before the summary page, one per figure after a cover).
            expect(charts).toHaveLength(2);
            expect(pages.length).toBeLessThanOrEqual(4);
          }
        }
      },
    );
  });

  it('neutralises formula-looking text in the workbook', async () => {
    const report = await create({
      name: '=HYPERLINK("http://x")',
      metrics: ['costByService'],
      description: '+1+1',
    });
    await generate(report.id);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await download(report.id)).rawPayload as unknown as ArrayBuffer);
    const summary = book.getWorksheet('Summary');
    expect(summary?.getRow(2).getCell(2).value).toBe(`'=HYPERLINK("http://x")`);
    expect(summary?.getRow(3).getCell(2).value).toBe(`'+1+1`);
    expect(summary?.getRow(2).getCell(2).formula).toBeUndefined();
    // Dates are dates, money is a number in a currency format.
    expect(summary?.getRow(6).getCell(1).value).toBe('From');
    expect(summary?.getRow(6).getCell(2).value).toBeInstanceOf(Date);
    const costs = book.getWorksheet('Cloud Cost by Service');
    expect(typeof costs?.getRow(2).getCell(2).value).toBe('number');
    expect(costs?.getRow(2).getCell(2).numFmt).toBe('"$"#,##0.00');
  });

  it('refuses metrics the creator cannot see, and the download once a permission is revoked', async () => {
    const refused = await send('POST', '/reports', centerAdmin, input({ metrics: ['mrr'] }));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('You do not have the permission analytics.view_platform');
    const security = await send('POST', '/reports', owner, input({ metrics: ['signIns'] }));
    expect(security.status).toBe(403);
    expect(security.body.error).toBe('You do not have the permission audit.read');
    const cost = await create({ metrics: ['costByService'] }, centerAdmin);
    expect((await generate(cost.id, centerAdmin)).status).toBe('active');
    expect((await download(cost.id, centerAdmin)).statusCode).toBe(200);
    expect((await send('POST', `/reports/${cost.id}/generate`, admin)).status).toBe(404);
  });

  it('moves every next run when the platform timezone changes', async () => {
    const daily = await create({ name: 'Zoned', schedule: 'daily', recipients: ['z@test.example'] });
    expect(daily.nextRun).toBe('2026-03-03T06:00:00.000Z');
    const current = await send('GET', '/settings', admin);
    const { settings, version } = current.body.data as { settings: SystemSettings; version: number };
    const saved = await send('PUT', '/settings', admin, {
      settings: { ...settings, general: { ...settings.general, timezone: 'Eastern' } },
      version,
    });
    expect(saved.status, saved.body.error).toBe(200);
    // It is 04:00 in New York (EST, -5): the next 06:00 there is today's.
    await vi.waitFor(
      async () => expect((await definition(daily.id))?.nextRun).toBe('2026-03-02T11:00:00.000Z'),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    const back = await send('GET', '/settings', admin);
    const restored = back.body.data as { settings: SystemSettings; version: number };
    await send('PUT', '/settings', admin, {
      settings: { ...restored.settings, general: { ...restored.settings.general, timezone: 'UTC' } },
      version: restored.version,
    });
    await vi.waitFor(
      async () => expect((await definition(daily.id))?.nextRun).toBe('2026-03-03T06:00:00.000Z'),
      {
        timeout: 10_000,
        interval: 100,
      },
    );
    await send('DELETE', `/reports/${daily.id}`, admin);
  });

  it(
    'fires a schedule on the test clock and mails the file; a revoked permission is an error with the reason',
    { timeout: 120_000 },
    async () => {
      const daily = await create({
        name: 'Daily MRR',
        format: 'pdf',
        schedule: 'daily',
        recipients: ['board@test.example', 'cfo@test.example'],
      });
      const revoked = await create(
        { name: 'Owner MRR', schedule: 'weekly', recipients: ['owner@test.example'] },
        owner,
      );
      expect(daily.nextRun).toBe('2026-03-03T06:00:00.000Z');
      await suite.database.db.update(users).set({ role: 'center_admin' }).where(eq(users.id, ownerId));
      await app.principals.settle();
      // The revoked permission also stops Generate Now, with the reason.
      const now = await send('POST', `/reports/${revoked.id}/generate`, owner);
      expect(now.status).toBe(403);

      clock.advance(7 * DAY);
      // The sessions of a week ago have expired.
      admin = await tokenFor(suite.database, clock, adminId);
      owner = await tokenFor(suite.database, clock, ownerId);
      const sent = smtp.received.length;
      await jobs.send(REPORT_QUEUES.schedules, {});
      await vi.waitFor(
        async () => {
          expect((await definition(daily.id))?.lastDelivery).not.toBeNull();
          expect((await definition(revoked.id, owner))?.lastDelivery).not.toBeNull();
        },
        { timeout: 60_000, interval: 250 },
      );
      const after = await definition(daily.id);
      expect(after?.lastDelivery).toMatchObject({ sent: true, reason: null });
      expect(after?.status).toBe('active');
      expect(after?.nextRun).toBe('2026-03-10T06:00:00.000Z');
      const mail = smtp.received.slice(sent).find((m) => m.to.includes('board@test.example'));
      expect(mail?.to).toEqual(['board@test.example', 'cfo@test.example']);
      expect(mail?.raw).toMatch(/^Subject: Operations Console: Daily MRR/m);
      expect(mail?.raw).toMatch(/Content-Type: application\/pdf; name=daily-mrr-2026-03-09\.pdf/);

      const failed = await definition(revoked.id, owner);
      expect(failed?.status).toBe('error');
      expect(failed?.error).toBe(
        'Generation refused: You do not have the permission analytics.view_platform',
      );
      expect(failed?.lastDelivery).toMatchObject({
        sent: false,
        reason: 'Generation refused: You do not have the permission analytics.view_platform',
      });
      const trail = await auditRows(suite.database);
      expect(trail.some((r) => r.resource === 'report-delivery' && r.status === 'success')).toBe(true);
      expect(trail.some((r) => r.resource === 'report-delivery' && r.status === 'failure')).toBe(true);
      const [row] = await suite.database.db.select().from(reports).where(eq(reports.id, revoked.id));
      expect(row?.nextRunAt?.getTime()).toBeGreaterThan(clock.now());
    },
  );
});

interface SummaryRow {
  label: string;
  value: number | null;
  previous: number | null;
  change: number | null;
  changeKind: 'relative' | 'points';
  comparedWith: string | null;
}

/** The figure rows of a workbook's Summary sheet, after its 'Metric' header row. */
function summaryRows(book: ExcelJS.Workbook | undefined): SummaryRow[] {
  const sheet = book?.getWorksheet('Summary');
  const out: SummaryRow[] = [];
  let header = false;
  sheet?.eachRow((row) => {
    const cell = (i: number) => row.getCell(i).value;
    if (!header) {
      header = cell(1) === 'Metric';
      if (header) expect(row.values).toEqual([undefined, ...SUMMARY_COLUMNS]);
      return;
    }
    const number = (v: unknown) => (typeof v === 'number' ? v : null);
    out.push({
      label: String(cell(1)),
      value: number(cell(2)),
      previous: number(cell(3)),
      change: number(cell(4)),
      changeKind: row.getCell(4).numFmt?.includes('pts') ? 'points' : 'relative',
      comparedWith: typeof cell(5) === 'string' ? (cell(5) as string) : null,
    });
  });
  return out;
}
