import { z } from 'zod';
import { PLANS } from '../tenancy';
import {
  METRIC_IDS,
  METRIC_UNITS,
  REPORT_DESCRIPTION_MAX,
  REPORT_FORMATS,
  REPORT_NAME_MAX,
  REPORT_PERIODS,
  REPORT_RECIPIENTS_MAX,
  REPORT_SCHEDULES,
  REPORT_STATUSES,
  REPORT_TYPES,
} from '../reports';
import { defineEndpoint } from './endpoint';

/**
 * Advanced Reporting (issue 14) on Client B's gateway: report definitions, generation (a job: the report is
 * `running` until its file is stored, or `error` with the reason), the latest file and its figures. The
 * file itself is downloaded from REPORT_DOWNLOAD_PATH, beside the contract like an export's.
 */
export const REPORT_DOWNLOAD_PATH = '/reports/:id/download';
export const reportDownloadPath = (id: string) => `/reports/${encodeURIComponent(id)}/download`;

export const reportFilters = z
  .object({
    organizationId: z.uuid({ error: 'The organization must be an organization id' }).nullable().default(null),
    plan: z
      .enum(PLANS, { error: `The plan must be one of ${PLANS.join(', ')}` })
      .nullable()
      .default(null),
    period: z
      .enum(REPORT_PERIODS, { error: `The period must be one of ${REPORT_PERIODS.join(', ')}` })
      .default('30d'),
  })
  .strict();
export type ReportFilters = z.infer<typeof reportFilters>;

const email = z.email({ error: (issue) => `"${String(issue.input)}" is not an email address` });

/** What Create Report and Edit send; the messages are the form's. */
export const reportInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'The name is required')
      .max(REPORT_NAME_MAX, `The name must be at most ${REPORT_NAME_MAX} characters`),
    description: z
      .string()
      .trim()
      .max(REPORT_DESCRIPTION_MAX, `The description must be at most ${REPORT_DESCRIPTION_MAX} characters`)
      .default(''),
    type: z.enum(REPORT_TYPES, { error: `The type must be one of ${REPORT_TYPES.join(', ')}` }),
    format: z.enum(REPORT_FORMATS, { error: 'The format must be pdf or xlsx' }),
    schedule: z.enum(REPORT_SCHEDULES, {
      error: `The schedule must be one of ${REPORT_SCHEDULES.join(', ')}`,
    }),
    metrics: z
      .array(z.enum(METRIC_IDS, { error: (issue) => `Unknown metric "${String(issue.input)}"` }))
      .min(1, 'Choose at least one metric')
      .refine((m) => new Set(m).size === m.length, 'A metric is listed twice'),
    filters: reportFilters.default({ organizationId: null, plan: null, period: '30d' }),
    recipients: z
      .array(email)
      .max(REPORT_RECIPIENTS_MAX, `At most ${REPORT_RECIPIENTS_MAX} recipients`)
      .default([]),
    /** Inactive reports are not run by their schedule. */
    enabled: z.boolean().default(true),
  })
  .strict()
  .refine((r) => r.schedule === 'manual' || r.recipients.length > 0, {
    message: 'A scheduled report needs at least one recipient',
    path: ['recipients'],
  });
export type ReportInput = z.input<typeof reportInput>;

/** A report definition as listed (part 2 §3). Sizes in bytes; dates ISO; nextRun null shows as 'TBD'. */
export const reportDefinition = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(REPORT_TYPES),
  status: z.enum(REPORT_STATUSES),
  format: z.enum(REPORT_FORMATS),
  schedule: z.enum(REPORT_SCHEDULES),
  enabled: z.boolean(),
  size: z.number().int().nullable(),
  lastGenerated: z.string().nullable(),
  nextRun: z.string().nullable(),
  recipients: z.array(z.string()),
  metrics: z.array(z.enum(METRIC_IDS)),
  filters: reportFilters,
  createdBy: z.string(),
  createdByName: z.string(),
  createdAt: z.string(),
  /** Why the last generation or delivery failed (status error), or null. */
  error: z.string().nullable(),
  /** The latest file, while it is kept. */
  file: z
    .object({
      fileName: z.string(),
      size: z.number().int(),
      generatedAt: z.string(),
      expiresAt: z.string(),
      downloadUrl: z.string(),
    })
    .nullable(),
  /** The last scheduled delivery: when, and whether the mail went. */
  lastDelivery: z.object({ at: z.string(), sent: z.boolean(), reason: z.string().nullable() }).nullable(),
});
export type ReportDefinition = z.infer<typeof reportDefinition>;

/** One computed metric: the headline value, a table and a chart series, as the file and the panel show it. */
export const metricResult = z.object({
  id: z.enum(METRIC_IDS),
  label: z.string(),
  unit: z.enum(METRIC_UNITS),
  definition: z.string(),
  /** What the figure covers, in words ("Last 30 Days", "Last 7 days of traffic"). */
  coverage: z.string(),
  value: z.number().nullable(),
  /**
   * Set when the report is limited to one organization and this figure cannot be (it has no organization
   * dimension): it is the platform's, and the file says so. Absent in files made before it existed.
   */
  note: z.string().nullable().optional(),
  /**
   * The same figure for the period before (its value, and that period in words: "Previous 30 days"), the
   * report's change; null when the figure has no earlier period (it counts every alert ever raised).
   * Absent in files made before it existed.
   */
  previous: z.object({ value: z.number().nullable(), coverage: z.string() }).nullable().optional(),
  table: z.object({
    columns: z.array(z.object({ label: z.string(), unit: z.enum([...METRIC_UNITS, 'text', 'date']) })),
    rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
  }),
  chart: z.object({
    kind: z.enum(['line', 'bar']),
    points: z.array(z.object({ label: z.string(), value: z.number() })),
  }),
});
export type MetricResult = z.infer<typeof metricResult>;

export const reportData = z.object({
  reportId: z.string(),
  generatedAt: z.string(),
  period: z.object({ from: z.string(), to: z.string(), label: z.string() }),
  metrics: z.array(metricResult),
});
export type ReportData = z.infer<typeof reportData>;

const idParams = z.object({ id: z.string().min(1).max(64) });

export const reportEndpoints = {
  listReports: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/reports',
    summary: "The caller's report definitions, newest first",
    data: z.object({ reports: z.array(reportDefinition) }),
    auth: 'token',
    permission: 'reports.view_financial',
  }),
  createReport: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/reports',
    summary: 'Create a report definition',
    body: reportInput,
    data: reportDefinition,
    auth: 'token',
    permission: 'reports.view_financial',
    audit: { action: 'CREATE', resource: 'report', severity: 'low' },
  }),
  updateReport: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/reports/:id',
    summary: 'Change a report definition',
    params: idParams,
    body: reportInput,
    data: reportDefinition,
    auth: 'token',
    permission: 'reports.view_financial',
    audit: { action: 'UPDATE', resource: 'report', severity: 'low', resourceParam: 'id' },
  }),
  deleteReport: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/reports/:id',
    summary: 'Delete a report definition and its files',
    params: idParams,
    data: z.object({ deleted: z.literal(true) }),
    auth: 'token',
    permission: 'reports.view_financial',
    audit: { action: 'DELETE', resource: 'report', severity: 'medium', resourceParam: 'id' },
  }),
  generateReport: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/reports/:id/generate',
    summary: 'Generate a report now (a job: the report is running until its file is stored)',
    params: idParams,
    data: reportDefinition,
    auth: 'token',
    permission: 'reports.view_financial',
    audit: { action: 'EXPORT', resource: 'report', severity: 'medium', resourceParam: 'id' },
  }),
  reportData: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/reports/:id/data',
    summary: 'The figures of the latest generated file of a report (null before the first)',
    params: idParams,
    data: reportData.nullable(),
    auth: 'token',
    permission: 'reports.view_financial',
  }),
} as const;
