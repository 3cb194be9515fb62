import { z } from 'zod';
import type { Endpoint, EndpointData } from '../../../shared/api/endpoint';
import { ApiRequestFailedError, AuthRequiredError, HttpStatusError } from './errors';
import { unwrapEnvelope } from './envelope';
import {
  endpointUrl,
  parseJson,
  requestHeaders,
  resolveBaseUrl,
  send,
  type ClientOptions,
  type QueryValue,
  type RequestInput,
  type Sent,
} from './http';
import { multipartBody, type UploadFile } from './multipart';
import { endSessionOn401 } from './session-expiry';

export interface PageInput extends RequestInput {
  page?: number;
  limit?: number;
}

export interface Download {
  data: Buffer;
  contentType: string;
  /** From Content-Disposition, when the server names the file. */
  fileName: string | undefined;
}

export interface UploadInput {
  params?: unknown;
  query?: unknown;
  file: UploadFile;
  /** Other text fields of the form. */
  fields?: Record<string, string>;
}

/** Client A (part 1 §7): bearer token and X-Organization-Id on every call; throws typed errors. */
export interface OrganizationClient {
  request<E extends Endpoint>(endpoint: E, input?: RequestInput): Promise<EndpointData<E>>;
  /** A GET with `page` and `limit` added to the query. */
  getPaginated<E extends Endpoint>(endpoint: E, input?: PageInput): Promise<EndpointData<E>>;
  /** A file as bytes (the endpoint's `data` schema is not used: the answer is not an envelope). */
  download(endpoint: Endpoint, input?: RequestInput): Promise<Download>;
  /** A multipart upload with the field `file`; `onProgress` gets whole percents, ending at 100. */
  upload<E extends Endpoint>(
    endpoint: E,
    input: UploadInput,
    onProgress?: (percent: number) => void,
  ): Promise<EndpointData<E>>;
}

const anyEnvelope = z.object({ success: z.boolean(), message: z.string().optional() });

export function createOrganizationClient(options: ClientOptions): OrganizationClient {
  async function call(
    endpoint: Endpoint,
    input: RequestInput,
    extraQuery: Record<string, QueryValue>,
    body: RequestInit['body'],
    contentType: string | null,
  ): Promise<{ sent: Sent; token: string | null }> {
    if (endpoint.client !== 'organizations')
      throw new Error(`${endpoint.path} is not an organization endpoint`);
    const token = options.tokens.getToken();
    const url = endpointUrl(await resolveBaseUrl(options.baseUrl), endpoint, input, extraQuery);
    const headers = requestHeaders(token, options.tokens.getOrganizationId(), false);
    if (contentType) headers.set('Content-Type', contentType);
    const init: RequestInit = { method: endpoint.method, headers, body };
    // A streamed body (uploads with progress) must say so to undici.
    if (body instanceof ReadableStream) init.duplex = 'half';
    const sent = await send(url, init, options);
    if (endSessionOn401(options, sent.response.status, token)) throw new AuthRequiredError();
    return { sent, token };
  }

  async function readEnvelope<E extends Endpoint>(endpoint: E, sent: Sent): Promise<EndpointData<E>> {
    return unwrapEnvelope(endpoint, sent.response, parseJson(await sent.text()));
  }

  function jsonBody(endpoint: Endpoint, input: RequestInput): string | undefined {
    return endpoint.body ? JSON.stringify(endpoint.body.parse(input.body)) : undefined;
  }

  return {
    async request(endpoint, input = {}) {
      const body = jsonBody(endpoint, input);
      const { sent } = await call(endpoint, input, {}, body, body === undefined ? null : 'application/json');
      return readEnvelope(endpoint, sent);
    },
    async getPaginated(endpoint, input = {}) {
      const { page = 1, limit = 20, ...rest } = input;
      const { sent } = await call(endpoint, rest, { page, limit }, undefined, null);
      return readEnvelope(endpoint, sent);
    },
    async download(endpoint, input = {}) {
      const { sent } = await call(endpoint, input, {}, undefined, null);
      const { response } = sent;
      const contentType = response.headers.get('content-type') ?? 'application/octet-stream';
      const bytes = Buffer.from(await sent.bytes());
      // Errors come back as an envelope; a file (even a JSON one) is not `{success: false}`.
      const json =
        contentType.includes('json') || !response.ok ? parseJson(bytes.toString('utf8')) : undefined;
      const envelope = anyEnvelope.safeParse(json);
      if (envelope.success && envelope.data.success !== true)
        throw new ApiRequestFailedError(envelope.data.message, response.status);
      if (!response.ok) throw new HttpStatusError(response.status, response.statusText);
      return {
        data: bytes,
        contentType,
        fileName: fileNameOf(response.headers.get('content-disposition')),
      };
    },
    async upload(endpoint, input, onProgress) {
      const form = await multipartBody(input.file, input.fields ?? {}, onProgress);
      const { sent } = await call(endpoint, input, {}, form.body, form.contentType);
      const data = await readEnvelope(endpoint, sent);
      return data;
    },
  };
}

function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}
