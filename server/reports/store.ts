import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import {
  reportDownloadPath,
  type ReportData,
  type ReportDefinition,
  type reportInput,
} from '../../shared/api/reports';
import type { Db } from '../db/client';
import { reportFiles, reports, users } from '../db/schema';
import type { ReportRow } from './generate';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A definition as Create Report and Edit send it, parsed. */
type ReportBody = z.output<typeof reportInput>;

export interface LatestFile {
  id: string;
  reportId: string;
  fileName: string;
  format: string;
  size: number;
  generatedAt: Date;
  expiresAt: Date;
}

const fileColumns = {
  id: reportFiles.id,
  reportId: reportFiles.reportId,
  fileName: reportFiles.fileName,
  format: reportFiles.format,
  size: reportFiles.size,
  generatedAt: reportFiles.generatedAt,
  expiresAt: reportFiles.expiresAt,
};

/** Each report's newest file still kept, by report id. */
export async function latestFiles(
  db: Db,
  reportIds: string[],
  now: number,
): Promise<Map<string, LatestFile>> {
  if (reportIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([reportFiles.reportId], fileColumns)
    .from(reportFiles)
    .where(and(inArray(reportFiles.reportId, reportIds), gt(reportFiles.expiresAt, new Date(now))))
    .orderBy(reportFiles.reportId, desc(reportFiles.generatedAt));
  return new Map(rows.map((r) => [r.reportId, r]));
}

export async function latestContent(db: Db, fileId: string): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ content: reportFiles.content })
    .from(reportFiles)
    .where(eq(reportFiles.id, fileId));
  return row?.content;
}

export async function latestData(db: Db, reportId: string, now: number): Promise<ReportData | null> {
  const [row] = await db
    .select({ data: reportFiles.data })
    .from(reportFiles)
    .where(and(eq(reportFiles.reportId, reportId), gt(reportFiles.expiresAt, new Date(now))))
    .orderBy(desc(reportFiles.generatedAt))
    .limit(1);
  return row ? (row.data as unknown as ReportData) : null;
}

export function toDefinition(
  row: ReportRow,
  createdByName: string,
  file: LatestFile | undefined,
): ReportDefinition {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    status: row.status,
    format: row.format,
    schedule: row.schedule,
    enabled: row.enabled,
    size: file?.size ?? null,
    lastGenerated: row.lastGeneratedAt?.toISOString() ?? null,
    nextRun: row.nextRunAt?.toISOString() ?? null,
    recipients: row.recipients,
    metrics: row.metrics,
    filters: row.filters,
    createdBy: row.createdBy,
    createdByName,
    createdAt: row.createdAt.toISOString(),
    error: row.error,
    file: file
      ? {
          fileName: file.fileName,
          size: file.size,
          generatedAt: file.generatedAt.toISOString(),
          expiresAt: file.expiresAt.toISOString(),
          downloadUrl: reportDownloadPath(row.id),
        }
      : null,
    lastDelivery: row.lastDeliveryAt
      ? {
          at: row.lastDeliveryAt.toISOString(),
          sent: row.lastDeliverySent ?? false,
          reason: row.lastDeliveryReason,
        }
      : null,
  };
}

/** The definitions of a creator's reports (or one of them), newest first. */
export async function loadDefinitions(
  db: Db,
  userId: string,
  now: number,
  reportId?: string,
): Promise<ReportDefinition[]> {
  const rows = await db
    .select({ report: reports, createdByName: users.name })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.createdBy))
    .where(and(eq(reports.createdBy, userId), reportId ? eq(reports.id, reportId) : undefined))
    .orderBy(desc(reports.createdAt), desc(reports.id));
  const files = await latestFiles(
    db,
    rows.map((r) => r.report.id),
    now,
  );
  return rows.map((r) => toDefinition(r.report, r.createdByName, files.get(r.report.id)));
}

/** The report, when `userId` created it. */
export async function ownReport(db: Db, id: string, userId: string): Promise<ReportRow | undefined> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), eq(reports.createdBy, userId)));
  return row;
}

/** Answers the new report's id; undefined when nothing was inserted. */
export async function insertReport(
  tx: Tx,
  body: ReportBody,
  fields: { status: ReportRow['status']; createdBy: string; nextRunAt: Date | null },
  at: Date,
): Promise<string | undefined> {
  const [row] = await tx
    .insert(reports)
    .values({
      ...body,
      status: fields.status,
      createdBy: fields.createdBy,
      createdAt: at,
      updatedAt: at,
      nextRunAt: fields.nextRunAt,
    })
    .returning({ id: reports.id });
  return row?.id;
}

export async function updateReport(
  tx: Tx,
  id: string,
  body: ReportBody,
  fields: { status: ReportRow['status']; nextRunAt: Date | null },
  at: Date,
): Promise<void> {
  await tx
    .update(reports)
    .set({ ...body, status: fields.status, nextRunAt: fields.nextRunAt, updatedAt: at })
    .where(eq(reports.id, id));
}

export async function deleteReport(tx: Tx, id: string): Promise<void> {
  await tx.delete(reports).where(eq(reports.id, id));
}

/**
 * Marks the report running, if its status is still `status` (no other request claimed it meanwhile);
 * answers whether it did.
 */
export async function claimReportRun(
  db: Db,
  id: string,
  status: ReportRow['status'],
  at: Date,
): Promise<boolean> {
  const claimed = await db
    .update(reports)
    .set({ status: 'running', error: null, runningSince: at })
    .where(and(eq(reports.id, id), eq(reports.status, status)))
    .returning({ id: reports.id });
  return claimed.length > 0;
}

/** Puts back the status a claim replaced (its generation could not be queued). */
export async function restoreReportRun(
  db: Db,
  id: string,
  previous: Pick<ReportRow, 'status' | 'error' | 'runningSince'>,
): Promise<void> {
  await db
    .update(reports)
    .set({ status: previous.status, error: previous.error, runningSince: previous.runningSince })
    .where(eq(reports.id, id));
}

/** Files past their retention; answers how many were removed. */
export async function purgeExpiredReportFiles(db: Db, now: number): Promise<number> {
  const removed = await db
    .delete(reportFiles)
    .where(lt(reportFiles.expiresAt, new Date(now)))
    .returning({ id: reportFiles.id });
  return removed.length;
}
