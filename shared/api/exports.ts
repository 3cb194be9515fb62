import { z } from 'zod';
import type { PermissionId } from '../permissions';
import { auditFilter, auditSorting } from './audit';
import { defineEndpoint } from './endpoint';

/**
 * The export calls of part 2 §7 on Client B's gateway. `POST /export` starts a job and answers its id and,
 * once ready, `downloadUrl`; the file is streamed from the database when downloaded, and the job expires after
 * a day. The organization may be named with X-Organization-Id; without it the export is platform-wide.
 */
export const EXPORT_TYPES = ['metrics', 'alerts', 'users', 'audit-logs'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** What each export type needs, on top of a valid session. */
export const EXPORT_PERMISSIONS: Readonly<Record<ExportType, PermissionId>> = {
  metrics: 'analytics.view_platform',
  alerts: 'alerts.read',
  users: 'users.manage',
  'audit-logs': 'audit.read',
};

export const EXPORT_LIFETIME_MS = 86_400_000;

/** '{type}-export.{format}' (part 2 §7). */
export const exportFileName = (type: ExportType, format: ExportFormat) => `${type}-export.${format}`;

/** The download of a job's file: not an envelope call, so it stands beside the contract's endpoints. */
export const EXPORT_DOWNLOAD_PATH = '/export/:id/download';
export const exportDownloadPath = (id: string) => `/export/${encodeURIComponent(id)}/download`;

export const EXPORT_STATUSES = ['ready', 'expired'] as const;

export const exportJob = z.object({
  id: z.string(),
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  organizationId: z.string().nullable(),
  rowCount: z.number().int(),
  fileName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** Relative to the gateway's base address; null once expired. */
  downloadUrl: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;

/** Options narrow what is exported; only audit-logs has any (the trail's filters and sort). */
export const exportOptions = auditFilter.extend(auditSorting.partial().shape).strict();

export const createExportBody = z.object({
  type: z.enum(EXPORT_TYPES),
  format: z.enum(EXPORT_FORMATS).default('csv'),
  options: exportOptions.default({}),
});
export type CreateExportBody = z.input<typeof createExportBody>;

export const exportEndpoints = {
  createExport: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/export',
    summary: 'Start an export job (metrics, alerts, users or audit-logs; csv or json)',
    body: createExportBody,
    data: exportJob,
    auth: 'token',
    audit: { action: 'EXPORT', resource: 'export', severity: 'medium' },
  }),
  exportHistory: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/export/history',
    summary: "The caller's export jobs, newest first",
    data: z.object({ history: z.array(exportJob) }),
    auth: 'token',
  }),
  exportStatus: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/export/status/:id',
    summary: "One of the caller's export jobs",
    params: z.object({ id: z.string().min(1).max(64) }),
    data: exportJob,
    auth: 'token',
  }),
} as const;
