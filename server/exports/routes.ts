import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  EXPORT_DOWNLOAD_PATH,
  EXPORT_LIFETIME_MS,
  EXPORT_PERMISSIONS,
  exportDownloadPath,
  exportEndpoints,
  exportFileName,
  type ExportJob,
  type ExportType,
  type SessionUser,
} from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import type { TenantContext, TenantPermission } from '../../shared/tenancy';
import { isUuid } from '../auth/users';
import type { ServerContext } from '../context';
import { INTEGRATION_TEXTS } from '../../shared/integrations';
import { registerDownloadRoute } from '../http/download';
import { HttpError, forbidden } from '../http/errors';
import type { Route } from '../http/router';
import { enforceRule, resolveTenantContext } from '../organizations/context';
import { optionalTenant } from '../organizations/optional';
import { EXPORTS } from './stream';
import type { ExportScope } from './sources';
import {
  exportFreezePoint,
  exportHistoryOf,
  findOwnExportJob,
  insertExportJob,
  type ExportJobRow as JobRow,
} from './store';

const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' } as const;

/** In one organization, the tenant permission an export type also needs there. */
const TENANT_NEEDS: Readonly<Record<ExportType, TenantPermission | 'member'>> = {
  metrics: 'metrics:read',
  alerts: 'alerts:read',
  users: 'members:read',
  'audit-logs': 'member',
};

const exportNotFound = () => new HttpError(404, ERRORS.exportNotFound);

function toJob(row: JobRow, now: number): ExportJob {
  const expired = row.expiresAt.getTime() <= now;
  return {
    id: row.id,
    type: row.type,
    format: row.format,
    status: expired ? 'expired' : 'ready',
    organizationId: row.organizationId,
    rowCount: row.rowCount,
    fileName: exportFileName(row.type, row.format),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    downloadUrl: expired ? null : exportDownloadPath(row.id),
  };
}

/** The type's platform permission, and in an organization its tenant permission too. */
function assertMayExport(session: SessionUser, type: ExportType, tenant: TenantContext | null): void {
  const permission = EXPORT_PERMISSIONS[type];
  if (!session.permissions.includes(permission)) throw forbidden(permission);
  if (tenant) enforceRule(tenant, TENANT_NEEDS[type]);
}

async function ownJob(ctx: ServerContext, session: SessionUser, id: string): Promise<JobRow> {
  if (!isUuid(id)) throw exportNotFound();
  const row = await findOwnExportJob(ctx.db, id, session.userId);
  if (!row) throw exportNotFound();
  return row;
}

const scopeOf = (row: JobRow): ExportScope => ({
  organizationId: row.organizationId,
  frozenAt: row.frozenAt,
  frozenSeq: row.frozenSeq,
  options: row.options,
});

export function registerExportRoutes(route: Route, ctx: ServerContext, app: FastifyInstance): void {
  route(exportEndpoints.createExport, async ({ body, request, session, audit }) => {
    const user = session();
    const tenant = await optionalTenant(ctx.principals, request, user);
    audit.note({
      organizationId: tenant?.organizationId ?? null,
      details: { type: body.type, format: body.format },
    });
    assertMayExport(user, body.type, tenant);
    const now = ctx.config.now();
    const head = await exportFreezePoint(ctx.db);
    const scope: ExportScope = {
      organizationId: tenant?.organizationId ?? null,
      frozenAt: head ? new Date(head.at) : new Date(now),
      frozenSeq: head?.seq ?? 0,
      options: body.options,
    };
    const rowCount = await EXPORTS[body.type].count(ctx.db, scope);
    const job = await ctx.db.transaction(async (tx) => {
      const row = await insertExportJob(tx, {
        userId: user.userId,
        organizationId: scope.organizationId,
        type: body.type,
        format: body.format,
        options: body.options,
        frozenAt: scope.frozenAt,
        frozenSeq: scope.frozenSeq,
        rowCount,
        createdAt: new Date(now),
        expiresAt: new Date(now + EXPORT_LIFETIME_MS),
      });
      await audit.record(tx, {
        resourceId: row.id,
        organizationId: scope.organizationId,
        details: { type: body.type, format: body.format, rowCount, options: body.options },
      });
      // Ready at once (the file streams on download): the event says so.
      await ctx.webhooks.emit(
        'export.completed',
        { exportId: row.id, type: row.type, format: row.format, rowCount: row.rowCount },
        row.organizationId,
        tx,
      );
      return row;
    });
    return toJob(job, now);
  });

  route(exportEndpoints.exportHistory, async ({ session }) => {
    const rows = await exportHistoryOf(ctx.db, session().userId);
    const now = ctx.config.now();
    return { history: rows.map((row) => toJob(row, now)) };
  });

  route(exportEndpoints.exportStatus, async ({ params, session }) =>
    toJob(await ownJob(ctx, session(), params.id), ctx.config.now()),
  );

  registerDownload(app, ctx);
}

/**
 * The file of a job, streamed from the database. The caller must still hold the job's permissions (and
 * organization): a revoked right stops the download too.
 */
function registerDownload(app: FastifyInstance, ctx: ServerContext): void {
  registerDownloadRoute(app, ctx, {
    url: EXPORT_DOWNLOAD_PATH,
    summary: "Download an export job's file (CSV or JSON), streamed",
    tags: ['export'],
    tenantFiles: true,
    open: async ({ session, id, confinedTo }) => {
      const row = await ownJob(ctx, session, id);
      // An organization-scoped key reaches its organization's exports only, not the platform's.
      if (confinedTo && row.organizationId !== confinedTo) {
        throw new HttpError(403, INTEGRATION_TEXTS.keyOutsideOrganization);
      }
      if (row.expiresAt.getTime() <= ctx.config.now()) throw new HttpError(410, ERRORS.exportExpired);
      const tenant = row.organizationId
        ? await resolveTenantContext(ctx.principals, session, row.organizationId)
        : null;
      assertMayExport(session, row.type, tenant);
      return {
        fileName: exportFileName(row.type, row.format),
        contentType: CONTENT_TYPES[row.format],
        body: Readable.from(EXPORTS[row.type].chunks(ctx.db, scopeOf(row), row.format)),
        headers: { 'x-export-rows': String(row.rowCount) },
      };
    },
  });
}
