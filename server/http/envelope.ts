import type { FastifyRequest } from 'fastify';
import {
  ENDPOINTS,
  gatewayErrorEnvelope,
  gatewayEnvelope,
  organizationEnvelope,
  organizationErrorEnvelope,
  type ApiClientName,
  type Endpoint,
} from '../../shared/api';

/** Client A reads `message`, Client B reads `error` (part 1 §7). */
export function errorBody(client: ApiClientName, message: string) {
  return client === 'organizations'
    ? { success: false as const, message }
    : { success: false as const, error: message };
}

export function successEnvelope(endpoint: Endpoint) {
  return endpoint.client === 'organizations'
    ? organizationEnvelope(endpoint.data)
    : gatewayEnvelope(endpoint.data);
}

export function errorEnvelope(client: ApiClientName) {
  return client === 'organizations' ? organizationErrorEnvelope : gatewayErrorEnvelope;
}

// The first path segments of Client A's endpoints; a request outside any route is answered in the
// envelope of the client that owns its prefix.
const ORGANIZATION_PREFIXES = new Set(
  Object.values(ENDPOINTS as Record<string, Endpoint>)
    .filter((e) => e.client === 'organizations')
    .map((e) => firstSegment(e.path)),
);

function firstSegment(path: string): string {
  return path.split('?')[0]?.split('/')[1] ?? '';
}

export function clientOf(request: FastifyRequest): ApiClientName {
  return request.routeOptions.config.client ?? clientOfPath(request.url);
}

/** The client that owns a path's prefix (a request no route took). */
export const clientOfPath = (url: string): ApiClientName =>
  ORGANIZATION_PREFIXES.has(firstSegment(url)) ? 'organizations' : 'gateway';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which client's envelope the route answers in. */
    client?: ApiClientName;
    /** Whether a successful request changes the platform (`changesPlatform`); unset outside the contract. */
    changes?: boolean;
  }
}
