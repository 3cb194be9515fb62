import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_RETRY_AFTER_MAX_SECONDS } from '../../shared/integrations';
import { outboundAgent, type OutboundPolicy } from '../security/outbound';

export interface SendResult {
  /** The HTTP status, or null when no answer came (refused, timed out, connection failed). */
  status: number | null;
  timeMs: number;
  /** Seconds from Retry-After (delta or HTTP date), capped; undefined when absent or unreadable. */
  retryAfterSeconds?: number;
  error: string | null;
}

/** How much of a response body is read (and then dropped): enough to let the connection finish. */
const BODY_LIMIT = 64 * 1024;

/**
 * One POST of a signed webhook. Never follows a redirect (a 3xx is a failure like any non-2xx); the
 * connect-time agent refuses non-public addresses; the whole exchange must end within `timeoutMs`.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { policy: OutboundPolicy; timeoutMs: number; now: () => number },
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'timeMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, timeMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ status: null, error: 'The URL is not valid' });
      return;
    }
    const protocol = target.protocol === 'https:' ? 'https:' : 'http:';
    const request = (protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method: 'POST',
      agent: outboundAgent(protocol, options.policy),
      headers: {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'OperationsConsole-Webhooks/1',
        ...headers,
      },
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ status: null, error: `No answer within ${Math.round(options.timeoutMs / 1000)} s` });
    }, options.timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const retryAfterSeconds = parseRetryAfter(response.headers['retry-after'], options.now());
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > BODY_LIMIT) response.destroy();
      });
      const done = () =>
        finish({
          status,
          ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
          error: status >= 200 && status < 300 ? null : describeStatus(status),
        });
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error) => finish({ status: null, error: connectionError(error) }));
    request.end(body);
  });
}

/** How long a notification's POST (an alert's webhook, the chat webhook) may take. */
export const NOTIFICATION_POST_TIMEOUT_MS = 10_000;

/**
 * A JSON POST to an address an administrator typed outside the webhook endpoints (the settings' chat
 * webhook, an alert rule's Slack or webhook URL): the same connect-time guard, timeout and no-redirect
 * rule as the signed deliveries. Never throws: answers why it was not delivered, naming `what`.
 */
export async function postJson(
  url: string,
  body: unknown,
  options: { policy: OutboundPolicy; timeoutMs?: number; now: () => number },
  what = 'The webhook',
): Promise<{ sent: true } | { sent: false; reason: string }> {
  const result = await postWebhook(url, {}, JSON.stringify(body), {
    ...options,
    timeoutMs: options.timeoutMs ?? NOTIFICATION_POST_TIMEOUT_MS,
  });
  if (result.error === null) return { sent: true };
  return result.status === null
    ? { sent: false, reason: `${what} could not be reached: ${result.error}.` }
    : { sent: false, reason: `${what} answered HTTP ${result.status}.` };
}

function describeStatus(status: number): string {
  if (status >= 300 && status < 400) return `Answered ${status} (redirects are not followed)`;
  return `Answered ${status}`;
}

function connectionError(error: Error): string {
  if (/is not allowed/.test(error.message))
    return 'The address is not allowed: webhooks may only call public internet addresses';
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `Connection failed (${code})` : `Connection failed: ${error.message.slice(0, 200)}`;
}

/** Retry-After as seconds (RFC 9110: a delay in seconds or an HTTP date), capped. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  let seconds: number;
  if (/^\d+$/.test(trimmed)) seconds = Number(trimmed);
  else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    seconds = Math.ceil((at - now) / 1000);
  }
  return Math.min(Math.max(seconds, 0), WEBHOOK_RETRY_AFTER_MAX_SECONDS);
}
