import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, lte, ne } from 'drizzle-orm';
import { appendAuditRecord } from '../audit/chain';
import type { ServerContext } from '../context';
import { reports } from '../db/schema';
import { sendMail } from '../mail/mailer';
import { TIMEZONE_IANA } from '../../shared/settings';
import { generateReport } from './generate';
import { nextRun } from './schedule';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const DELIVERY_TEXTS = {
  subject: '{platform}: {name}',
  body: 'The report "{name}" generated on {date} is attached ({fileName}).\n\n{description}',
} as const;

const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/**
 * A scheduled run: generate, then mail the file to the recipients through the SMTP settings. Either the
 * delivery is recorded as sent, or the reason it was not (generation refused or failed, no SMTP server,
 * the server's answer) is kept on the report and in the audit trail.
 */
export async function runScheduledReport(ctx: ServerContext, reportId: string): Promise<void> {
  const outcome = await generateReport(ctx, reportId, 'schedule');
  const [row] = await ctx.db.select().from(reports).where(eq(reports.id, reportId));
  if (!row) return;
  const { settings } = await ctx.settings.current();
  const mail = outcome.ok
    ? await sendMail(ctx, {
        to: row.recipients.join(', '),
        subject: fill(DELIVERY_TEXTS.subject, { platform: settings.general.platformName, name: row.name }),
        text: fill(DELIVERY_TEXTS.body, {
          name: row.name,
          date: outcome.generatedAt.toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
          fileName: outcome.fileName,
          description: row.description,
        }),
        attachments: [
          { filename: outcome.fileName, content: outcome.content, contentType: CONTENT_TYPES[row.format] },
        ],
      })
    : ({ sent: false, reason: outcome.reason } as const);
  const at = new Date(ctx.config.now());
  const reason = mail.sent ? null : mail.reason;
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(reports)
      .set({
        lastDeliveryAt: at,
        lastDeliverySent: mail.sent,
        lastDeliveryReason: reason,
        ...(mail.sent || !outcome.ok ? {} : { status: 'error' as const, error: reason }),
      })
      .where(eq(reports.id, row.id));
    await appendAuditRecord(tx, {
      id: randomUUID(),
      organizationId: row.filters.organizationId,
      userId: row.createdBy,
      userName: null,
      userEmail: null,
      action: 'EXPORT',
      resource: 'report-delivery',
      resourceId: row.id,
      details: { recipients: row.recipients, ...(outcome.ok ? { fileName: outcome.fileName } : {}), reason },
      timestamp: at,
      ipAddress: null,
      userAgent: null,
      status: mail.sent ? 'success' : 'failure',
      severity: mail.sent ? 'medium' : 'high',
    });
  });
}

/**
 * The scheduler's tick: claims the reports whose next run has come (moving their next run on, in the
 * platform's timezone, in the same statement, so that two instances never claim one run twice) and runs
 * each. Answers the ids it ran.
 */
export async function runDueReports(ctx: ServerContext): Promise<string[]> {
  const now = ctx.config.now();
  const { settings } = await ctx.settings.current();
  const timeZone = TIMEZONE_IANA[settings.general.timezone];
  const due = await ctx.db
    .select({ id: reports.id, schedule: reports.schedule, nextRunAt: reports.nextRunAt })
    .from(reports)
    .where(
      and(
        eq(reports.enabled, true),
        ne(reports.schedule, 'manual'),
        isNotNull(reports.nextRunAt),
        lte(reports.nextRunAt, new Date(now)),
      ),
    );
  const ran: string[] = [];
  for (const report of due) {
    if (!report.nextRunAt) continue;
    const claimed = await ctx.db
      .update(reports)
      .set({
        nextRunAt: nextRun(report.schedule, timeZone, now),
        status: 'running',
        runningSince: new Date(now),
      })
      .where(and(eq(reports.id, report.id), eq(reports.nextRunAt, report.nextRunAt)))
      .returning({ id: reports.id });
    if (claimed.length === 0) continue;
    await runScheduledReport(ctx, report.id);
    ran.push(report.id);
  }
  return ran;
}

/** After the platform's timezone changed: every schedule's next run, again from now. */
export async function rescheduleAll(ctx: ServerContext, timeZone: string): Promise<void> {
  const now = ctx.config.now();
  const scheduled = await ctx.db
    .select({ id: reports.id, schedule: reports.schedule })
    .from(reports)
    .where(ne(reports.schedule, 'manual'));
  for (const r of scheduled) {
    await ctx.db
      .update(reports)
      .set({ nextRunAt: nextRun(r.schedule, timeZone, now) })
      .where(eq(reports.id, r.id));
  }
}
