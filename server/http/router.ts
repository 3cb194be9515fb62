import '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ENDPOINTS, auditSpecOf, changesPlatform, type Endpoint, type SessionUser } from '../../shared/api';
import type { TenantContext } from '../../shared/tenancy';
import { actorOf, writeAudit, type AuditEntry, type Auditor } from '../audit';
import { auditRecorded } from '../audit/switch';
import type { ServerContext } from '../context';
import {
  enforceRule,
  requestedOrganization,
  resolveTenantContext,
  touchMembership,
} from '../organizations/context';
import { assertKeyReaches } from '../integrations/api-key-auth';
import { authenticate, authenticateKnown } from './authenticate';
import { errorEnvelope, successEnvelope } from './envelope';
import { HttpError, SERVER_TEXTS, authRequired, forbidden } from './errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller of an `auth: 'token'` endpoint, once authenticated (null before). */
    consoleSession: SessionUser | null;
    /** The caller's tenant context on a tenant endpoint, once resolved (null before). */
    consoleTenant: TenantContext | null;
  }
}

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user; only `auth: 'token'` endpoints have one. */
  session(): SessionUser;
  /** The caller's tenant context; only endpoints with `tenant` have one. */
  tenant(): TenantContext;
  /** Audited endpoints (their `audit` declaration) write their one success record through this. */
  audit: Auditor;
}

/** A handler answers the envelope's `data`; the router wraps it. */
export type EndpointHandler<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer D>
    ? (input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<z.output<D>>
    : never;

export type Route = <E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>) => void;

const ENDPOINT_NAMES = new Map<Endpoint, string>(
  Object.entries(ENDPOINTS as Record<string, Endpoint>).map(([name, endpoint]) => [endpoint, name]),
);

/**
 * Registers routes from the contract: validation, response schemas and OpenAPI come from the endpoint's
 * zod schemas, and one hook enforces its `auth` and `permission`, then, for tenant endpoints, resolves the
 * organization (path `:id` or X-Organization-Id), the caller's tenant context and its `tenantRule`.
 * Audited endpoints (`audit` on the declaration) get `audit.record` for their success, and a failure is
 * recorded here.
 */
export function createRouter(app: FastifyInstance, ctx: ServerContext): Route {
  // The caller's session and tenant context live on the request (decorations: every request object has
  // the same shape, and nothing is kept in a WeakMap per request on the hot path).
  app.decorateRequest('consoleSession', null);
  app.decorateRequest('consoleTenant', null);
  /** The organization a failure concerns (it exists), and details noted by the handler. */
  const auditNotes = new WeakMap<FastifyRequest, AuditEntry & { recorded?: boolean }>();
  const noteFor = (request: FastifyRequest) => {
    let entry = auditNotes.get(request);
    if (!entry) auditNotes.set(request, (entry = {}));
    return entry;
  };

  return (endpoint, handler) => {
    const failure = errorEnvelope(endpoint.client);
    const hasInput = Boolean(endpoint.params ?? endpoint.query ?? endpoint.body);
    const secured = endpoint.auth === 'token';
    const auditSpec = auditSpecOf(endpoint);
    const resourceIdOf = (request: FastifyRequest) =>
      auditSpec?.resourceParam
        ? ((request.params as Record<string, string | undefined>)[auditSpec.resourceParam] ?? null)
        : null;

    /** The endpoint's permission and an API key's reach, for a caller whose session is known. */
    const admit = (request: FastifyRequest, session: SessionUser) => {
      if (endpoint.permission && !session.permissions.includes(endpoint.permission)) {
        throw forbidden(endpoint.permission);
      }
      assertKeyReaches(request, endpoint);
      request.consoleSession = session;
    };
    /** Authentication that has to wait (a token or principal not held, an API key), then the tenancy. */
    const secure = async (request: FastifyRequest, known: SessionUser | undefined) => {
      const session = known ?? (await authenticate(request, ctx));
      if (!known) admit(request, session);
      if (!endpoint.tenant) return;
      const organizationId = requestedOrganization(request, endpoint);
      const context = await resolveTenantContext(ctx.principals, session, organizationId, () => {
        noteFor(request).organizationId = organizationId;
      });
      enforceRule(context, endpoint.tenantRule);
      request.consoleTenant = context;
      if (context.role !== 'platform') {
        await touchMembership(ctx.db, ctx.principals, organizationId, session.userId, ctx.config.now());
      }
    };

    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { client: endpoint.client, changes: changesPlatform(endpoint) },
      // @fastify/compress decompresses request bodies in a hook of its own: only where there is one.
      ...(endpoint.body ? {} : { decompress: false }),
      schema: {
        summary: endpoint.summary,
        operationId: ENDPOINT_NAMES.get(endpoint),
        tags: [endpoint.path.split('/')[1] ?? 'default'],
        ...(secured ? { security: [{ bearerAuth: [] }] } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: {
          200: successEnvelope(endpoint),
          ...(hasInput ? { 400: failure } : {}),
          ...(secured ? { 401: failure } : {}),
          ...(endpoint.permission ? { 403: failure } : {}),
          '4xx': failure,
          '5xx': failure,
        },
      },
      // onRequest runs before body validation: a caller without a valid token learns nothing about inputs.
      // A callback hook: a signed-in console's request (its token verified before, its principal held, no
      // organization to resolve) is admitted without a promise; anything else goes the async way.
      ...(secured
        ? {
            onRequest: (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
              let known: SessionUser | undefined;
              try {
                known = authenticateKnown(request, ctx);
                if (known) admit(request, known);
              } catch (error) {
                return done(error as Error);
              }
              if (known && !endpoint.tenant) return done();
              secure(request, known).then(() => done(), done);
            },
          }
        : {}),
      // A failed change is recorded too, after its transaction has rolled back.
      ...(auditSpec
        ? {
            onError: async (request: FastifyRequest, _reply: FastifyReply, error: Error) => {
              if (!(await auditRecorded(ctx, auditSpec.resource))) return;
              const noted = auditNotes.get(request);
              const status = failureStatus(error);
              await writeAudit(ctx.db, {
                spec: auditSpec,
                status: 'failure',
                request,
                actor: noted?.actor ?? actorOf(request.consoleSession ?? undefined),
                at: new Date(ctx.config.now()),
                organizationId: noted?.organizationId ?? null,
                resourceId: noted?.resourceId ?? resourceIdOf(request),
                details: {
                  ...noted?.details,
                  statusCode: status,
                  // Our own texts only: a driver's message may quote the query's parameters.
                  error: status < 500 ? error.message.slice(0, 300) : SERVER_TEXTS.internal,
                },
              }).catch((auditError: unknown) =>
                request.log.error({ err: auditError }, 'could not write the audit record of a failure'),
              );
            },
          }
        : {}),
      handler: async (request, reply) => {
        // The validator compiler has parsed params, query and body with the endpoint's schemas.
        const data = await handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          request,
          reply,
          session() {
            const session = request.consoleSession;
            if (!session) throw authRequired();
            return session;
          },
          tenant() {
            const context = request.consoleTenant;
            if (!context) throw new Error(`${endpoint.path} is not tenant-scoped`);
            return context;
          },
          audit: {
            note(entry) {
              Object.assign(noteFor(request), entry);
            },
            async record(db, entry = {}) {
              if (!auditSpec) throw new Error(`${endpoint.path} is not audited`);
              const noted = noteFor(request);
              if (noted.recorded) throw new Error('one audit record per request');
              noted.recorded = true;
              if (!(await auditRecorded(ctx, auditSpec.resource))) return;
              await writeAudit(db, {
                spec: auditSpec,
                status: 'success',
                request,
                actor: entry.actor ?? noted.actor ?? actorOf(request.consoleSession ?? undefined),
                at: new Date(ctx.config.now()),
                organizationId: entry.organizationId ?? request.consoleTenant?.organizationId ?? null,
                resourceId: entry.resourceId ?? noted.resourceId ?? resourceIdOf(request),
                details: { ...noted.details, ...entry.details },
              });
            },
          },
        });
        // A change answers once this instance's principals reflect it: the caller's next request, here,
        // sees its own sign-out, role change or suspension.
        if (auditSpec) await ctx.principals.settle();
        return { success: true, data };
      },
    });
  };
}

function failureStatus(error: Error): number {
  if (hasZodFastifySchemaValidationErrors(error)) return 400;
  if (error instanceof HttpError) return error.statusCode;
  const status = (error as { statusCode?: unknown }).statusCode;
  return typeof status === 'number' ? status : 500;
}
