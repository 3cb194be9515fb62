import { HTTP_TIMEOUT_MS } from '../../../shared/constants';
import { buildPath, type Endpoint } from '../../../shared/api/endpoint';
import { NetworkError, TimeoutError } from './errors';

/** What both clients share: where to send, how long to wait, and where the session lives. */
export interface ClientOptions {
  /**
   * Base address; a function so a host can point the client elsewhere after start-up, or answer it
   * once the embedded server is listening (the console opens before it is).
   */
  baseUrl: string | (() => string | Promise<string>);
  tokens: TokenSource;
  /** Called after a 401 cleared the token (main pushes 'auth:expired' to the renderer). */
  onUnauthorized?: (message: string) => void;
  /** Defaults to HTTP_TIMEOUT_MS (30 s); tests make it short. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** The session store, as the clients see it. */
export interface TokenSource {
  getToken(): string | null;
  clearToken(): void;
  getOrganizationId(): string | null;
}

/** The optional parts of a call, typed by the endpoint's schemas. */
export interface RequestInput {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export type QueryValue =
  string | number | boolean | Date | null | undefined | readonly (string | number | boolean)[];

export async function resolveBaseUrl(baseUrl: ClientOptions['baseUrl']): Promise<string> {
  return (typeof baseUrl === 'function' ? await baseUrl() : baseUrl).replace(/\/+$/, '');
}

/**
 * The full address of a call: base + path with `:params` filled + query. Params and query are
 * checked against the endpoint's schemas first, so a call cannot leave with what the contract forbids.
 */
export function endpointUrl(
  base: string,
  endpoint: Endpoint,
  input: RequestInput,
  extraQuery: Record<string, QueryValue> = {},
): string {
  const params = endpoint.params ? endpoint.params.parse(input.params ?? {}) : (input.params ?? {});
  const query = endpoint.query ? endpoint.query.parse(input.query ?? {}) : (input.query ?? {});
  const url = new URL(base + buildPath(endpoint.path, pathParams(params)));
  for (const [key, value] of Object.entries({ ...asRecord(query), ...extraQuery })) {
    appendQuery(url.searchParams, key, value);
  }
  return url.toString();
}

function pathParams(value: unknown): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, v] of Object.entries(asRecord(value))) {
    if (typeof v === 'string' || typeof v === 'number') out[key] = v;
  }
  return out;
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function appendQuery(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(search, key, item);
  } else if (value instanceof Date) {
    search.append(key, value.toISOString());
  } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    search.append(key, String(value));
  }
}

/** Request headers: JSON, plus the bearer token and the organization when given. */
export function requestHeaders(token: string | null, organizationId: string | null, json: boolean): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  if (json) headers.set('Content-Type', 'application/json');
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (organizationId) headers.set('X-Organization-Id', organizationId);
  return headers;
}

export interface Sent {
  response: Response;
  /** Reads the body as text within the same timeout; network failures become NetworkError. */
  text(): Promise<string>;
  bytes(): Promise<ArrayBuffer>;
}

/**
 * fetch with the clients' timeout (one AbortSignal for the request and its body) and their
 * network-failure texts. A refused connection answers "Network error occurred", not undici's
 * "fetch failed", which tells the user nothing.
 */
export async function send(
  url: string,
  init: RequestInit,
  options: Pick<ClientOptions, 'timeoutMs' | 'fetch'>,
): Promise<Sent> {
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const doFetch = options.fetch ?? fetch;
  const wrap = (error: unknown): never => {
    if (signal.aborted) throw new TimeoutError(timeoutMs, { cause: error });
    throw new NetworkError(undefined, { cause: error });
  };
  const response = await doFetch(url, { ...init, signal }).catch(wrap);
  return {
    response,
    text: () => response.text().catch(wrap),
    bytes: () => response.arrayBuffer().catch(wrap),
  };
}

/** JSON.parse that answers undefined for an empty or non-JSON body. */
export function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
