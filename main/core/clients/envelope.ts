import { z } from 'zod';
import type { Endpoint, EndpointData } from '../../../shared/api/endpoint';
import { ApiRequestFailedError, HttpStatusError, InvalidResponseError } from './errors';

/** Where each client's envelope carries its error text (part 1 §7): A `{success, data, message}`, B `{…, error}`. */
const TEXT_FIELD = { organizations: 'message', gateway: 'error' } as const;

const looseEnvelope = z.object({ success: z.boolean() });

/**
 * The one reading of the server's envelope, for both clients: the endpoint's data, or a thrown ApiError
 * carrying the HTTP status and the text the spec asks for. In order:
 * - a non-OK answer: the envelope's text when it has one (the login screen shows "Invalid email or
 *   password", not a status line); else Client A's "API request failed" for an envelope, and the status
 *   line "HTTP {status}: {statusText}" for anything else (a proxy's error page);
 * - `success` not true: the envelope's text, or "API request failed";
 * - data that does not match the endpoint's schema: "Invalid response from server (…)".
 */
export function unwrapEnvelope<E extends Endpoint>(
  endpoint: E,
  response: Response,
  json: unknown,
): EndpointData<E> {
  const { status } = response;
  const text = textOf(json, TEXT_FIELD[endpoint.client]);
  const envelope = looseEnvelope.safeParse(json);
  if (!response.ok) {
    if (text !== undefined || (endpoint.client === 'organizations' && envelope.success))
      throw new ApiRequestFailedError(text, status);
    throw new HttpStatusError(status, response.statusText);
  }
  if (!envelope.success || envelope.data.success !== true) throw new ApiRequestFailedError(text, status);
  const data = endpoint.data.safeParse((json as { data?: unknown }).data);
  if (!data.success) throw new InvalidResponseError(status, 'data does not match the contract');
  return data.data as EndpointData<E>;
}

function textOf(json: unknown, field: string): string | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const value = (json as Record<string, unknown>)[field];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}
