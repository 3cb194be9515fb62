import { authEndpoints, type LoginBody } from '../../../shared/api/auth';
import type { Endpoint, EndpointData } from '../../../shared/api/endpoint';
import { unwrapEnvelope } from './envelope';
import { ApiError, AuthRequiredError, NoTokenError } from './errors';
import {
  endpointUrl,
  parseJson,
  requestHeaders,
  resolveBaseUrl,
  send,
  type ClientOptions,
  type RequestInput,
} from './http';
import { endSessionOn401 } from './session-expiry';

/** Client B's answer (part 1 §7): `{success, data}` or `{success: false, error}`. */
export type GatewayResult<T> =
  { success: true; data: T } | { success: false; error: string; status?: number };

export interface GatewayClient {
  /**
   * Calls a gateway endpoint. Network failures and non-OK answers come back as a failed result; a 401
   * on a call that carried the token clears it, fires onUnauthorized and throws AuthRequiredError.
   */
  request<E extends Endpoint>(endpoint: E, input?: RequestInput): Promise<GatewayResult<EndpointData<E>>>;
  /**
   * The same call, throwing instead: the data, or an ApiError with the status (AuthRequiredError for
   * the 401 rule). For the bridge, whose failures carry a code from the error.
   */
  call<E extends Endpoint>(endpoint: E, input?: RequestInput): Promise<EndpointData<E>>;
  login(body: LoginBody): Promise<GatewayResult<EndpointData<typeof authEndpoints.login>>>;
  /** "No token available" without a stored token. */
  verify(): Promise<GatewayResult<EndpointData<typeof authEndpoints.verify>>>;
  logout(): Promise<GatewayResult<EndpointData<typeof authEndpoints.logout>>>;
  /** The health check. */
  test(): Promise<GatewayResult<EndpointData<typeof authEndpoints.test>>>;
}

export function createGatewayClient(options: ClientOptions): GatewayClient {
  async function call<E extends Endpoint>(endpoint: E, input: RequestInput = {}): Promise<EndpointData<E>> {
    if (endpoint.client !== 'gateway') throw new Error(`${endpoint.path} is not a gateway endpoint`);
    // Public calls (login, health) go without the token: a 401 there says "wrong password",
    // not "your session ended", and must not sign the user out.
    const token = endpoint.auth === 'token' ? options.tokens.getToken() : null;
    const body = endpoint.body ? JSON.stringify(endpoint.body.parse(input.body)) : undefined;
    // Tenant calls name the organization in a header (part 1 §7); the stored current one.
    const organizationId = endpoint.tenant === 'header' ? options.tokens.getOrganizationId() : null;
    const headers = requestHeaders(token, organizationId, body !== undefined);
    // A base address that cannot be had (the embedded server did not start) throws a NetworkError.
    const url = endpointUrl(await resolveBaseUrl(options.baseUrl), endpoint, input);
    const sent = await send(url, { method: endpoint.method, headers, body }, options);
    if (endSessionOn401(options, sent.response.status, token)) throw new AuthRequiredError();
    return unwrapEnvelope(endpoint, sent.response, parseJson(await sent.text()));
  }

  async function request<E extends Endpoint>(
    endpoint: E,
    input: RequestInput = {},
  ): Promise<GatewayResult<EndpointData<E>>> {
    try {
      return { success: true, data: await call(endpoint, input) };
    } catch (error) {
      // Client B answers failures as a result (part 1 §7); only the end of the session is thrown.
      if (error instanceof AuthRequiredError || !(error instanceof ApiError)) throw error;
      return failure(error.message, error.status);
    }
  }

  return {
    call,
    request,
    login: (body) => request(authEndpoints.login, { body }),
    async verify() {
      if (!options.tokens.getToken()) return failure(new NoTokenError().message);
      return request(authEndpoints.verify);
    },
    logout: () => request(authEndpoints.logout),
    test: () => request(authEndpoints.test),
  };
}

function failure(error: string, status?: number): { success: false; error: string; status?: number } {
  return status === undefined ? { success: false, error } : { success: false, error, status };
}
