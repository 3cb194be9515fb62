import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SessionUser } from '../../shared/api';
import type { AuditSpec } from '../../shared/api/endpoint';
import { ERRORS } from '../../shared/errors';
import { INTEGRATION_TEXTS } from '../../shared/integrations';
import type { PermissionId } from '../../shared/permissions';
import { actorOf, writeAudit, type AuditEntry } from '../audit';
import type { ServerContext } from '../context';
import { apiKeyCallerOf } from '../integrations/api-key-auth';
import { authenticate } from './authenticate';
import { HttpError, forbidden } from './errors';

/** What a download answers: the file's name and type and its bytes, whole or streamed. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  body: Buffer | Readable;
  /** Bytes, when known before sending. */
  size?: number;
  headers?: Record<string, string>;
  /** The success record of an audited download, written before the first byte is sent. */
  audit?: Omit<AuditEntry, 'actor'>;
}

export interface DownloadRequest {
  session: SessionUser;
  id: string;
  /** The organization an organization-scoped API key is confined to: the file must be that organization's. */
  confinedTo: string | null;
  /** Writes a record of the route's audit spec for this caller (a refusal the route found itself). */
  audit(status: 'success' | 'failure', entry: Omit<AuditEntry, 'actor'>): Promise<void>;
}

export interface DownloadRoute {
  url: string;
  summary: string;
  tags: string[];
  /** Checked before the file is looked up. */
  permission?: PermissionId;
  audit?: AuditSpec;
  /**
   * The route's files belong to one organization each and `open` checks `confinedTo` (exports). Without
   * it, an organization-scoped API key is refused outright, as on every platform endpoint (issue 25).
   */
  tenantFiles?: boolean;
  /** Finds the file for the caller, or throws an HttpError (not found, refused). */
  open(request: DownloadRequest): Promise<DownloadFile>;
}

/**
 * A file downloaded with the session's bearer token, beside the contract's envelope endpoints: the token is
 * checked in onRequest (before any body work), then the permission, then the route finds the file, then
 * the download is audited and the bytes are sent with `no-store`.
 */
export function registerDownloadRoute(app: FastifyInstance, ctx: ServerContext, route: DownloadRoute): void {
  const sessions = new WeakMap<FastifyRequest, SessionUser>();
  app.route({
    method: 'GET',
    url: route.url,
    config: { client: 'gateway' },
    schema: {
      summary: route.summary,
      tags: route.tags,
      security: [{ bearerAuth: [] }],
      params: z.object({ id: z.string().min(1).max(64) }),
    },
    onRequest: async (request) => {
      sessions.set(request, await authenticate(request, ctx));
    },
    handler: async (request, reply) => {
      const session = sessions.get(request);
      if (!session) throw new HttpError(401, ERRORS.authRequired);
      if (route.permission && !session.permissions.includes(route.permission))
        throw forbidden(route.permission);
      const confinedTo = apiKeyCallerOf(request)?.organizationId ?? null;
      if (confinedTo && !route.tenantFiles)
        throw new HttpError(403, INTEGRATION_TEXTS.keyOutsideOrganization);
      const spec = route.audit;
      const audit: DownloadRequest['audit'] = async (status, entry) => {
        if (!spec) return;
        await writeAudit(ctx.db, {
          ...entry,
          spec,
          status,
          request,
          actor: actorOf(session),
          at: new Date(ctx.config.now()),
        });
      };
      const file = await route.open({
        session,
        id: (request.params as { id: string }).id,
        confinedTo,
        audit,
      });
      if (file.audit) await audit('success', file.audit);
      reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store');
      if (file.size !== undefined) reply.header('content-length', String(file.size));
      for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
      return reply.send(file.body);
    },
  });
}
