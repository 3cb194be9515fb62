import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../shared/api';
import { REPORT_DOWNLOAD_PATH, reportEndpoints, type ReportDefinition } from '../../shared/api/reports';
import { TIMEZONE_IANA } from '../../shared/settings';
import { isUuid } from '../auth/users';
import type { ServerContext } from '../context';
import { registerDownloadRoute } from '../http/download';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import type { JobRunner } from '../jobs/runner';
import { accessRefusal, REPORT_TEXTS } from './access';
import { defineReportJobs, REPORT_QUEUES } from './jobs';
import { startDemoReports } from './demo';
import { generateReport, type ReportRow, type Trigger } from './generate';
import { nextRun } from './schedule';
import { sweepStuckReports } from './sweep';
import {
  claimReportRun,
  deleteReport,
  insertReport,
  latestContent,
  latestData,
  latestFiles,
  loadDefinitions,
  ownReport,
  restoreReportRun,
  updateReport,
} from './store';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const notFound = () => new HttpError(404, REPORT_TEXTS.notFound);

/**
 * Advanced Reporting (issue 14): definitions (the caller's own), generation as a job, the latest file's
 * figures and its download. Creating, changing and generating ask the same permissions the report's
 * metrics ask on their screens.
 */
export async function registerReportRoutes(
  app: FastifyInstance,
  route: Route,
  ctx: ServerContext,
  jobs: JobRunner | undefined,
): Promise<void> {
  // A generation that was running when the server last stopped never ends: swept at start, then by a job.
  await sweepStuckReports(ctx.db, ctx.config.now());
  if (jobs) await defineReportJobs(jobs, ctx);
  // Without a job runner (an app built for a test), a generation runs in this process; closing waits for it.
  const inProcess = new Set<Promise<unknown>>();
  let demoTimer: NodeJS.Timeout | undefined;
  app.addHook('onClose', async () => {
    clearTimeout(demoTimer);
    await Promise.allSettled([...inProcess]);
  });
  const generateHere = (reportId: string, trigger: Trigger): Promise<void> => {
    const running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(async () => {
        await generateReport(ctx, reportId, trigger);
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'generating a report failed'))
      .finally(() => inProcess.delete(running));
    inProcess.add(running);
    return running;
  };
  const enqueue = async (reportId: string) => {
    if (jobs) {
      await jobs.send(REPORT_QUEUES.generate, { reportId, trigger: 'manual' });
      return;
    }
    void generateHere(reportId, 'manual');
  };
  const now = () => ctx.config.now();
  // Here rather than queued: the job runner starts after the routes are registered. A start that dies
  // meanwhile leaves them running, for the sweep. A server that will listen (it has a job runner) renders
  // them a while after it answers, one after the other: a PDF is a second of this thread, and rendered at
  // once they kept a first launch's sign-in and its ready message waiting for seconds (issue 29). Closed
  // before then, the server leaves them to its next start.
  const demoReports = (generate: (id: string) => Promise<void>) => startDemoReports(ctx, generate);
  const delay = ctx.config.demoReportsDelayMs;
  if (!jobs) {
    await demoReports(async (id) => void generateHere(id, 'demo'));
  } else if (delay !== null) {
    app.addHook('onListen', async () => {
      demoTimer = setTimeout(() => {
        const started = demoReports((id) => generateHere(id, 'demo'));
        inProcess.add(started);
        void started
          .catch((error: unknown) => app.log.error({ err: error }, 'starting the demo reports failed'))
          .finally(() => inProcess.delete(started));
      }, delay);
      demoTimer.unref();
    });
  }
  // Otherwise (CONSOLE_DEMO_REPORTS=off) they stay waiting (generateOnStart) for a start that renders them.

  const timeZone = async () => TIMEZONE_IANA[(await ctx.settings.current()).settings.general.timezone];

  async function own(session: SessionUser, id: string) {
    if (!isUuid(id)) throw notFound();
    const row = await ownReport(ctx.db, id, session.userId);
    if (!row) throw notFound();
    return row;
  }
  async function definition(session: SessionUser, id: string): Promise<ReportDefinition> {
    const [found] = await loadDefinitions(ctx.db, session.userId, now(), id);
    if (!found) throw notFound();
    return found;
  }
  async function assertMaySee(
    session: SessionUser,
    body: { metrics: ReportDefinition['metrics']; filters: ReportDefinition['filters'] },
  ) {
    const refusal = await accessRefusal(ctx.principals, session, body.metrics, body.filters);
    if (refusal) throw new HttpError(403, refusal);
  }

  route(reportEndpoints.listReports, async ({ session }) => ({
    reports: await loadDefinitions(ctx.db, session().userId, now()),
  }));

  route(reportEndpoints.createReport, async ({ body, session, audit }) => {
    const user = session();
    audit.note({ details: { name: body.name, type: body.type, metrics: body.metrics } });
    await assertMaySee(user, body);
    const nextRunAt = body.enabled ? nextRun(body.schedule, await timeZone(), now()) : null;
    const id = await ctx.db.transaction(async (tx) => {
      const inserted = await insertReport(
        tx,
        body,
        { status: body.enabled ? 'active' : 'inactive', createdBy: user.userId, nextRunAt },
        new Date(now()),
      );
      if (!inserted) throw new Error('report not inserted');
      await audit.record(tx, {
        resourceId: inserted,
        organizationId: body.filters.organizationId,
        details: { ...body, recipients: body.recipients.length },
      });
      return inserted;
    });
    return definition(user, id);
  });

  route(reportEndpoints.updateReport, async ({ params, body, session, audit }) => {
    const user = session();
    audit.note({ details: { name: body.name, metrics: body.metrics } });
    const row = await own(user, params.id);
    await assertMaySee(user, body);
    const nextRunAt = body.enabled ? nextRun(body.schedule, await timeZone(), now()) : null;
    const status =
      row.status === 'running' || row.status === 'error' ? row.status : body.enabled ? 'active' : 'inactive';
    await ctx.db.transaction(async (tx) => {
      await updateReport(tx, row.id, body, { status, nextRunAt }, new Date(now()));
      await audit.record(tx, {
        organizationId: body.filters.organizationId,
        details: {
          before: { name: row.name, metrics: row.metrics, schedule: row.schedule },
          after: { ...body, recipients: body.recipients.length },
        },
      });
    });
    return definition(user, row.id);
  });

  route(reportEndpoints.deleteReport, async ({ params, session, audit }) => {
    const row = await own(session(), params.id);
    await ctx.db.transaction(async (tx) => {
      await deleteReport(tx, row.id);
      await audit.record(tx, { organizationId: row.filters.organizationId, details: { name: row.name } });
    });
    return { deleted: true as const };
  });

  route(reportEndpoints.generateReport, async ({ params, session, audit }) => {
    const user = session();
    const row = await own(user, params.id);
    audit.note({
      organizationId: row.filters.organizationId,
      details: { name: row.name, format: row.format },
    });
    if (row.status === 'running') throw new HttpError(409, REPORT_TEXTS.running);
    await assertMaySee(user, row);
    // Marked running before the job is queued, so that the list the caller reloads shows it at once.
    const claimed = await claimReportRun(ctx.db, row.id, row.status, new Date(now()));
    if (!claimed) throw new HttpError(409, REPORT_TEXTS.running);
    // The report as the generation starts (running): a quick job may be done before this answer is sent.
    const started = await definition(user, row.id);
    try {
      await enqueue(row.id);
    } catch (error) {
      await restoreReportRun(ctx.db, row.id, row);
      throw error;
    }
    await audit.record(ctx.db, {
      organizationId: row.filters.organizationId,
      details: { name: row.name, format: row.format, metrics: row.metrics },
    });
    return started;
  });

  route(reportEndpoints.reportData, async ({ params, session }) => {
    const row = await own(session(), params.id);
    return latestData(ctx.db, row.id, now());
  });

  registerDownload(app, ctx, own);
}

/**
 * The report's latest file. The caller must own the report and still be allowed its metrics: a revoked
 * permission stops the download too. Audited (EXPORT report-file).
 */
function registerDownload(
  app: FastifyInstance,
  ctx: ServerContext,
  own: (session: SessionUser, id: string) => Promise<ReportRow>,
): void {
  registerDownloadRoute(app, ctx, {
    url: REPORT_DOWNLOAD_PATH,
    summary: "Download a report's latest file (PDF or XLSX)",
    tags: ['reports'],
    permission: 'reports.view_financial',
    audit: { action: 'EXPORT', resource: 'report-download', severity: 'medium' },
    open: async ({ session, id, audit }) => {
      const row = await own(session, id);
      const scope = { resourceId: row.id, organizationId: row.filters.organizationId };
      const refusal = await accessRefusal(ctx.principals, session, row.metrics, row.filters);
      if (refusal) {
        await audit('failure', { ...scope, details: { reason: refusal } });
        throw new HttpError(403, refusal);
      }
      const file = (await latestFiles(ctx.db, [row.id], ctx.config.now())).get(row.id);
      const content = file ? await latestContent(ctx.db, file.id) : undefined;
      if (!file || !content) throw new HttpError(404, REPORT_TEXTS.noFile);
      return {
        fileName: file.fileName,
        contentType: CONTENT_TYPES[file.format as keyof typeof CONTENT_TYPES],
        body: content,
        size: content.length,
        audit: { ...scope, details: { fileName: file.fileName, size: file.size } },
      };
    },
  });
}
