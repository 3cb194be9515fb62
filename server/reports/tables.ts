/** The reports group's tables (the barrel of every table is server/db/schema.ts). */
import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { type ReportFilters } from '../../shared/api/reports';
import {
  REPORT_FORMATS,
  REPORT_SCHEDULES,
  REPORT_STATUSES,
  REPORT_TYPES,
  type MetricId as ReportMetricId,
} from '../../shared/reports';
import { bytes, createdAt, instant, updatedAt } from '../db/columns';
import { users } from '../users/tables';

/**
 * Report definitions (Advanced Reporting). Status is the last generation's outcome (`running` while a job
 * works on it); `nextRunAt` is when its schedule fires next in the platform's timezone (null: manual).
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: REPORT_TYPES }).notNull(),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('active'),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    schedule: text('schedule', { enum: REPORT_SCHEDULES }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    metrics: jsonb('metrics').$type<ReportMetricId[]>().notNull(),
    filters: jsonb('filters').$type<ReportFilters>().notNull(),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastGeneratedAt: instant('last_generated_at'),
    /** When the current generation began (status running): the stuck-report sweep times it out. */
    runningSince: instant('running_since'),
    /**
     * Left by the demo seed: the first start generates the report (its figures then are the demo's as
     * moved to that day, seed/anchor.ts) and computes its next run in the platform's timezone.
     */
    generateOnStart: boolean('generate_on_start').notNull().default(false),
    nextRunAt: instant('next_run_at'),
    error: text('error'),
    lastDeliveryAt: instant('last_delivery_at'),
    lastDeliverySent: boolean('last_delivery_sent'),
    lastDeliveryReason: text('last_delivery_reason'),
  },
  (t) => [
    index('reports_created_by').on(t.createdBy, t.createdAt),
    index('reports_next_run').on(t.nextRunAt),
  ],
);

/** Generated files, kept REPORT_FILE_RETENTION_DAYS; `data` is the figures the file holds (the side panel). */
export const reportFiles = pgTable(
  'report_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reportId: uuid('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    content: bytes('content').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    generatedAt: instant('generated_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    index('report_files_report').on(t.reportId, t.generatedAt),
    index('report_files_expiry').on(t.expiresAt),
  ],
);
