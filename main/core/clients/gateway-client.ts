import { z } from 'zod';
import { authEndpoints, type LoginBody } from '../../../shared/api/auth';
import type { Endpoint, EndpointData } from '../../../shared/api/endpoint';
import { gatewayEnvelope } from '../../../shared/api/envelope';
import { ERRORS, httpErrorText } from '../../../shared/errors';
import { ApiError, AuthRequiredError, InvalidResponseError, NoTokenError } from './errors';
import {
  endpointUrl,
  parseJson,
  requestHeaders,
  resolveBaseUrl,
  send,
  type ClientOptions,
  type RequestInput,
} from './http';

/** Client B's answer (part 1 §7): `{success, data}` or `{success: false, error}`. */
export type GatewayResult<T> =
  { success: true; data: T } | { success: false; error: string; status?: number };

export interface GatewayClient {
  /**
   * Calls a gateway endpoint. Network failures and non-OK answers come back as a failed result; a 401
   * on a call that carried the token clears it, fires onUnauthorized and throws AuthRequiredError.
   */
  request<E extends Endpoint>(endpoint: E, input?: RequestInput): Promise<GatewayResult<EndpointData<E>>>;
  login(body: LoginBody): Promise<GatewayResult<EndpointData<typeof authEndpoints.login>>>;
  /** "No token available" without a stored token. */
  verify(): Promise<GatewayResult<EndpointData<typeof authEndpoints.verify>>>;
  logout(): Promise<GatewayResult<EndpointData<typeof authEndpoints.logout>>>;
  /** The health check. */
  test(): Promise<GatewayResult<EndpointData<typeof authEndpoints.test>>>;
}

// Enough of the envelope to read the server's error text off a non-OK answer.
const errorEnvelope = z.object({ error: z.string().min(1) });

export function createGatewayClient(options: ClientOptions): GatewayClient {
  async function request<E extends Endpoint>(
    endpoint: E,
    input: RequestInput = {},
  ): Promise<GatewayResult<EndpointData<E>>> {
    if (endpoint.client !== 'gateway') throw new Error(`${endpoint.path} is not a gateway endpoint`);
    // Public calls (login, health) go without the token: a 401 there says "wrong password",
    // not "your session ended", and must not sign the user out.
    const token = endpoint.auth === 'token' ? options.tokens.getToken() : null;
    const body = endpoint.body ? JSON.stringify(endpoint.body.parse(input.body)) : undefined;
    // Tenant calls name the organization in a header (part 1 §7); the stored current one.
    const organizationId = endpoint.tenant === 'header' ? options.tokens.getOrganizationId() : null;
    const headers = requestHeaders(token, organizationId, body !== undefined);

    let status = 0;
    try {
      // Inside the try: a base address that cannot be had (the embedded server did not start)
      // is a network failure of this call.
      const url = endpointUrl(await resolveBaseUrl(options.baseUrl), endpoint, input);
      const sent = await send(url, { method: endpoint.method, headers, body }, options);
      const { response } = sent;
      status = response.status;
      if (response.status === 401 && token !== null) {
        options.tokens.clearToken();
        options.onUnauthorized?.(ERRORS.authRequired);
        throw new AuthRequiredError();
      }
      const json = parseJson(await sent.text());
      if (!response.ok) {
        // The login screen must show the server's text ("Invalid email or password"), so a
        // well-formed error envelope wins over the generic status line.
        const envelope = errorEnvelope.safeParse(json);
        return failure(
          envelope.success ? envelope.data.error : httpErrorText(response.status, response.statusText),
          status,
        );
      }
      const envelope = gatewayEnvelope(endpoint.data).safeParse(json);
      if (!envelope.success) throw new InvalidResponseError(status, 'not a gateway envelope');
      if (envelope.data.success !== true)
        return failure(envelope.data.error || ERRORS.apiRequestFailed, status);
      const data = endpoint.data.safeParse(envelope.data.data);
      if (!data.success) throw new InvalidResponseError(status, 'data does not match the contract');
      return { success: true, data: data.data as EndpointData<E> };
    } catch (error) {
      if (error instanceof AuthRequiredError) throw error;
      if (error instanceof ApiError) return failure(error.message, error.status ?? (status || undefined));
      throw error;
    }
  }

  return {
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
