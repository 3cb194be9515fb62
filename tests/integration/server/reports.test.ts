/**
 * Advanced Reporting on real databases, with the job runner running and a local SMTP sink: definitions
 * (validation, ownership, audit), the catalogue against the screens' own endpoints for the same period,
 * every report type in PDF and XLSX (the workbook read back with exceljs, the PDF's text with pdftotext),
 * a schedule firing on the test clock and mailing the file, and the permission rules (a report never shows
 * what its creator cannot see; a revoked permission puts a scheduled report in error with the reason).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
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
} from '../../../shared/api';
import { METRIC_IDS, REPORT_TEMPLATES, REPORT_TYPES } from '../../../shared/reports';
import { buildApp } from '../../../server/app';
import { reports, users } from '../../../server/db/schema';
import { createJobRunner, type JobRunner } from '../../../server/jobs/runner';
import { createLogger } from '../../../server/logger';
import { REPORT_QUEUES } from '../../../server/reports/jobs';
import { formatValue } from '../../../server/reports/format';
import { seedDemo } from '../../../server/seed/demo';
import { testDatabases } from '../../support/databases';
import { bearer, call, insertUser, tokenFor } from '../../support/server';
import { useServerSuite } from '../../support/suite';
import { auditRows } from '../../support/tenancy';

const run = promisify(execFile);
const DAY = 86_400_000;
const quiet = { error: () => undefined, warn: () => undefined };

interface Mail {
  to: string[];
  raw: string;
}

describe.each(testDatabases)('reports on $name', (target) => {
  const suite = useServerSuite(target, {
    app: false,
    seed: (database, clock) => seedDemo(database, { now: clock.now() }),
  });
  const { clock } = suite;
  const mails: Mail[] = [];
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  let app: FastifyInstance;
  let jobs: JobRunner;
  let admin: string;
  let adminId: string;
  let owner: string;
  let ownerId: string;
  let centerAdmin: string;
  let dir: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    const smtpUrl = `smtp://127.0.0.1:${(sink.server.address() as AddressInfo).port}`;
    jobs = createJobRunner({ database: suite.database, logger: quiet });
    app = await buildApp({
      database: suite.database,
      config: { now: clock.now, smtpUrl, mailFrom: 'reports@test.example' },
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
    await new Promise<void>((resolve) => sink.close(resolve));
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
          const file = path.join(dir, `${type}.pdf`);
          await writeFile(file, response.rawPayload);
          const { stdout } = await run('/usr/bin/pdftotext', ['-layout', file, '-']);
          expect(stdout).toContain('Operations Console');
          expect(stdout).toMatch(/Page 1 of \d+/);
          for (const metric of data.metrics) {
            expect(stdout).toContain(metric.label);
            expect(stdout).toContain(formatValue(metric.value, metric.unit));
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
      const sent = mails.length;
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
      const mail = mails.slice(sent).find((m) => m.to.includes('board@test.example'));
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
