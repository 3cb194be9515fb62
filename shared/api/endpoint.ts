import type { z } from 'zod';
import type { PermissionId } from '../permissions';
import type { AuditAction, AuditSeverity } from './audit';
import type { TenantPermission } from '../tenancy';

/** Client A talks to the organization API, Client B to the platform gateway (part 1 §7). */
export type ApiClientName = 'organizations' | 'gateway';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One HTTP endpoint, declared once: the server registers its route from it (validation and OpenAPI),
 * the main-process clients call through it, and tests derive their matrices from it.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  D extends z.ZodType = z.ZodType,
> {
  client: ApiClientName;
  method: HttpMethod;
  /** Fastify-style path: `/children/:id`. */
  path: string;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The `data` member of the envelope. */
  data: D;
  /** `public` needs no token; `token` needs a valid session. */
  auth: 'public' | 'token';
  /** The permission the caller's role must hold; enforced by one server hook. */
  permission?: PermissionId;
  /**
   * Tenant-scoped: the organization comes from the `:id` path parameter (`path`) or the
   * `X-Organization-Id` header (`header`); the server checks membership (or a platform role with
   * centers.view_all) before any query, and then `tenantRule`.
   */
  tenant?: 'path' | 'header';
  tenantRule?: TenantRule;
  /**
   * `sse`: the answer is a `text/event-stream` (Server-Sent Events) whose events each carry one `data`
   * value, not an envelope; the handler takes over the reply.
   */
  stream?: 'sse';
  /**
   * The audit record of a change: every non-GET endpoint declares one, or an exemption saying why it
   * writes none (tests/unit/server/audit/audit-coverage.test.ts walks them).
   */
  audit?: AuditSpec | AuditExemption;
}

/**
 * One record per request: written with the handler's transaction on success, and after the rollback on
 * failure (one severity step higher).
 */
export interface AuditSpec {
  action: AuditAction;
  resource: string;
  /** Severity of a success; failures are one step higher. */
  severity: AuditSeverity;
  /** Which path parameter names the resource, if any. */
  resourceParam?: string;
}

/** A non-GET endpoint that changes nothing worth a record, and the reason (never empty). */
export interface AuditExemption {
  exempt: string;
}

/** The record an endpoint writes, if it is audited. */
export const auditSpecOf = (endpoint: Endpoint): AuditSpec | undefined =>
  endpoint.audit && 'action' in endpoint.audit ? endpoint.audit : undefined;

/**
 * Whether a successful request of the endpoint changes the platform: a non-GET endpoint that declares the
 * audit record of its change. Its exemptions change nothing of it: a session check, a preview, a test
 * message, the console's own usage telemetry.
 */
export const changesPlatform = (endpoint: Endpoint): boolean =>
  endpoint.method !== 'GET' && auditSpecOf(endpoint) !== undefined;

/** The tenant checks of part 1 §6 a route may require, or a plain tenant permission. */
export type TenantRule =
  'member' | 'manageOrganization' | 'manageMembers' | 'viewBilling' | 'manageSettings' | TenantPermission;

export function defineEndpoint<
  P extends z.ZodType,
  Q extends z.ZodType,
  B extends z.ZodType,
  D extends z.ZodType,
>(endpoint: Endpoint<P, Q, B, D>): Endpoint<P, Q, B, D> {
  return endpoint;
}

export type EndpointData<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer D> ? z.infer<D> : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? z.input<B> : never;
export type EndpointParams<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? z.input<P> : never;
export type EndpointQuery<E> =
  E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? z.input<Q> : never;

/** Fills `:name` segments of a path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
