import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { MetricResult, ReportData } from '../../shared/api/reports';
import { REPORT_FILE_RETENTION_DAYS, REPORT_PERIOD_LABELS } from '../../shared/reports';
import { TIMEZONE_IANA } from '../../shared/settings';
import { isDiskFull } from '../../shared/disk-full';
import { ERRORS, formatError } from '../../shared/errors';
import { appendAuditRecord } from '../audit/chain';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { organizations, reportFiles, reports } from '../db/schema';
import { dashboardWindow } from '../business/periods';
import { accessRefusal, currentCreator, REPORT_TEXTS } from './access';
import { CATALOGUE, computeMetric } from './catalogue';
import type { ReportHeading } from './heading';
import { renderPdf } from './pdf';
import { previousPeriod } from './previous';
import { createSources, type Sources } from './sources';
import { formatDate } from './format';
import { renderXlsx } from './xlsx';

const DAY_MS = 86_400_000;

/** A generation whose file the disk (the database's) could not hold. */
const diskFullReason = formatError(ERRORS.diskFull, { what: 'report file' });

export type ReportRow = typeof reports.$inferSelect;
/** `demo`: a demo report the first start generates (seed/reports.ts). */
export type Trigger = 'manual' | 'schedule' | 'demo';

export type GenerateOutcome =
  | {
      ok: true;
      fileId: string;
      fileName: string;
      size: number;
      content: Buffer;
      data: ReportData;
      generatedAt: Date;
    }
  | { ok: false; reason: string };

/** 'Quarterly Review' → 'quarterly-review-2026-03-02.pdf'. */
export function reportFileName(name: string, format: string, at: Date, timeZone: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'report';
  return `${slug}-${localDate(at, timeZone)}.${format}`;
}

const localDate = (at: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/** The figures of a report as its creator may see them now, computed by the screens' own functions. */
export async function computeReportData(db: Db, row: ReportRow, now: number): Promise<ReportData> {
  const sources = createSources(db, now, row.filters);
  // The earlier periods' figures, by the same functions at each period's end: one set of sources per
  // distinct instant, so the dashboard of 30 days ago is computed once for all its figures.
  const earlier = new Map<number, Sources>();
  const sourcesAt = (at: number) => {
    let found = earlier.get(at);
    if (!found) earlier.set(at, (found = createSources(db, at, row.filters)));
    return found;
  };
  const metrics = await Promise.all(
    row.metrics.map(async (id): Promise<MetricResult> => {
      const metric = await computeMetric(id, sources);
      const period = previousPeriod(CATALOGUE[id].comparison, row.filters, now);
      const previous = period
        ? { value: (await CATALOGUE[id].compute(sourcesAt(period.now))).value, coverage: period.coverage }
        : null;
      return { ...metric, previous };
    }),
  );
  const window = dashboardWindow(row.filters.period, now);
  return {
    reportId: row.id,
    generatedAt: new Date(now).toISOString(),
    period: {
      from: new Date(window.start).toISOString(),
      to: new Date(window.end).toISOString(),
      label: REPORT_PERIOD_LABELS[row.filters.period],
    },
    metrics,
  };
}

/**
 * Generates a report's file: the creator's current permissions decide (revoked → error with the reason),
 * the figures are computed, rendered as PDF or XLSX, stored for REPORT_FILE_RETENTION_DAYS, and the report
 * becomes active again, or error with the reason. Audited in the creator's name (a manual success is the
 * Generate Now request's own record).
 */
export async function generateReport(
  ctx: ServerContext,
  reportId: string,
  trigger: Trigger,
): Promise<GenerateOutcome> {
  const [row] = await ctx.db.select().from(reports).where(eq(reports.id, reportId));
  if (!row) return { ok: false, reason: REPORT_TEXTS.notFound };
  const creator = await currentCreator(ctx.principals, row.createdBy);
  let outcome: GenerateOutcome;
  try {
    const refusal = creator
      ? await accessRefusal(ctx.principals, creator, row.metrics, row.filters)
      : REPORT_TEXTS.creatorGone;
    outcome = refusal
      ? { ok: false, reason: formatError(REPORT_TEXTS.refused, { reason: refusal }) }
      : await render(ctx, row, creator?.name ?? '');
  } catch (error) {
    // The reason, not a stack: the screen shows it.
    outcome = {
      ok: false,
      reason: isDiskFull(error)
        ? diskFullReason
        : `Generation failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500),
    };
  }

  const actor = {
    userId: creator?.userId ?? row.createdBy,
    userName: creator?.name ?? null,
    userEmail: creator?.email ?? null,
  };
  try {
    await storeOutcome(ctx, row, trigger, actor, outcome);
  } catch (error) {
    if (!isDiskFull(error)) throw error;
    // The file (or the failure's audit record) did not fit in the database: its transaction rolled back
    // whole, so no half file is kept or listed. The report goes to error with the reason.
    ctx.log.warn({ err: error, reportId: row.id }, 'report outcome not stored: the disk is full');
    outcome = { ok: false, reason: diskFullReason };
    await storeOutcome(ctx, row, trigger, actor, outcome).catch(async (again: unknown) => {
      if (!isDiskFull(again)) throw again;
      // Not even the failure's audit record fits: the status alone (one row rewritten in place) so that
      // Generate Now works again at once rather than after the sweep; the log keeps what the trail lost.
      ctx.log.error(
        { err: again, reportId: row.id, trigger },
        'report failure not audited: the disk is full',
      );
      await markFailed(ctx.db, row.id, diskFullReason);
    });
  }
  return outcome.ok ? outcome : { ok: false, reason: outcome.reason };
}

async function markFailed(db: Db, reportId: string, reason: string): Promise<void> {
  await db
    .update(reports)
    .set({ status: 'error', error: reason, runningSince: null })
    .where(eq(reports.id, reportId));
}

type Actor = { userId: string; userName: string | null; userEmail: string | null };

/** The outcome in one transaction: the file (on success), the report's status, the event, the audit record. */
async function storeOutcome(
  ctx: ServerContext,
  row: ReportRow,
  trigger: Trigger,
  actor: Actor,
  outcome: GenerateOutcome,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (outcome.ok) {
      await tx.insert(reportFiles).values({
        id: outcome.fileId,
        reportId: row.id,
        format: row.format,
        fileName: outcome.fileName,
        size: outcome.size,
        content: outcome.content,
        data: outcome.data as unknown as Record<string, unknown>,
        generatedAt: outcome.generatedAt,
        expiresAt: new Date(outcome.generatedAt.getTime() + REPORT_FILE_RETENTION_DAYS * DAY_MS),
      });
    }
    await tx
      .update(reports)
      .set(
        outcome.ok
          ? {
              status: row.enabled ? 'active' : 'inactive',
              error: null,
              lastGeneratedAt: outcome.generatedAt,
              runningSince: null,
            }
          : { status: 'error', error: outcome.reason, runningSince: null },
      )
      .where(eq(reports.id, row.id));
    if (outcome.ok)
      await ctx.webhooks.emit(
        'report.generated',
        {
          reportId: row.id,
          name: row.name,
          trigger,
          format: row.format,
          fileName: outcome.fileName,
          size: outcome.size,
          generatedAt: outcome.generatedAt.toISOString(),
        },
        row.filters.organizationId,
        tx,
      );
    // A manual generation's request is audited by its route; its failure, and every scheduled run, here.
    if (outcome.ok && trigger === 'manual') return;
    await appendAuditRecord(tx, {
      id: randomUUID(),
      organizationId: row.filters.organizationId,
      ...actor,
      action: 'EXPORT',
      resource: 'report-file',
      resourceId: row.id,
      details: outcome.ok
        ? {
            trigger,
            format: row.format,
            fileName: outcome.fileName,
            size: outcome.size,
            metrics: row.metrics,
          }
        : { trigger, format: row.format, reason: outcome.reason },
      timestamp: new Date(ctx.config.now()),
      ipAddress: null,
      userAgent: null,
      status: outcome.ok ? 'success' : 'failure',
      severity: outcome.ok ? 'medium' : 'high',
    });
  });
}

async function render(ctx: ServerContext, row: ReportRow, createdBy: string) {
  const now = ctx.config.now();
  const { settings } = await ctx.settings.current();
  const timeZone = TIMEZONE_IANA[settings.general.timezone];
  const data = await computeReportData(ctx.db, row, now);
  const generatedAt = new Date(now);
  const heading: ReportHeading = {
    name: row.name,
    description: row.description,
    type: row.type,
    platformName: settings.general.platformName,
    timezone: settings.general.timezone,
    timeZone,
    generatedAt: formatDate(generatedAt.toISOString(), timeZone),
    createdBy,
    organization: row.filters.organizationId
      ? await organizationName(ctx.db, row.filters.organizationId)
      : 'All organizations',
    plan: row.filters.plan ?? 'All plans',
  };
  const content = row.format === 'pdf' ? await renderPdf(heading, data) : await renderXlsx(heading, data);
  return {
    ok: true as const,
    fileId: randomUUID(),
    fileName: reportFileName(row.name, row.format, generatedAt, timeZone),
    size: content.length,
    content,
    data,
    generatedAt,
  };
}

async function organizationName(db: Db, id: string): Promise<string> {
  const [org] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id));
  return org?.name ?? id;
}
