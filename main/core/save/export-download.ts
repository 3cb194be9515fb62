import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { HTTP_TIMEOUT_MS } from '../../../shared/constants';
import {
  ApiRequestFailedError,
  AuthRequiredError,
  HttpStatusError,
  NetworkError,
  TimeoutError,
} from '../clients/errors';
import { parseJson, requestHeaders, resolveBaseUrl, type ClientOptions } from '../clients/http';
import { endSessionOn401 } from '../clients/session-expiry';

/** Export jobs', reports' and recovery points' files: the gateway's only download routes. */
const DOWNLOAD_PREFIXES = ['/export/', '/reports/', '/backups/points/'];

/**
 * Opens an export job's file on the gateway (GET <downloadUrl> with the session's token) as a stream.
 * The 30 s timeout covers the answer's headers only: a large file may take longer to arrive, and
 * arrives piece by piece (never whole in memory).
 */
export async function openExportDownload(
  options: Pick<ClientOptions, 'baseUrl' | 'tokens' | 'onUnauthorized' | 'timeoutMs' | 'fetch'>,
  downloadUrl: string,
): Promise<AsyncIterable<Uint8Array>> {
  if (!DOWNLOAD_PREFIXES.some((prefix) => downloadUrl.startsWith(prefix)))
    throw new Error('Not an export download address');
  const token = options.tokens.getToken();
  const url = (await resolveBaseUrl(options.baseUrl)) + downloadUrl;
  const timeoutMs = options.timeoutMs ?? HTTP_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      headers: requestHeaders(token, null, false),
      signal: controller.signal,
    });
  } catch (error) {
    if (controller.signal.aborted) throw new TimeoutError(timeoutMs, { cause: error });
    throw new NetworkError(undefined, { cause: error });
  } finally {
    clearTimeout(timer);
  }
  if (endSessionOn401(options, response.status, token)) throw new AuthRequiredError();
  if (!response.ok || !response.body) {
    const body = parseJson(await response.text().catch(() => '')) as { error?: unknown } | undefined;
    // An ApiError with the status, so the bridge can say which refusal it was (404: expired, gone).
    if (typeof body?.error === 'string' && body.error)
      throw new ApiRequestFailedError(body.error, response.status);
    throw new HttpStatusError(response.status, response.statusText);
  }
  return Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>);
}
