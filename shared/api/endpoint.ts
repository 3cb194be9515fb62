import type { z } from 'zod';
import type { PermissionId } from '../permissions';
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
}

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
