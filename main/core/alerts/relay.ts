import { ALERT_STREAM_EVENTS, streamedAlert } from '../../../shared/alerts';
import { alertEndpoints } from '../../../shared/api/alerts';
import { createSseParser, type SseEvent } from '../../../shared/sse';
import { endpointUrl, resolveBaseUrl, type ClientOptions } from '../clients/http';
import { endSessionOn401 } from '../clients/session-expiry';
import { describeError, type Logger } from '../logger';
import type { AlertFeed } from './feed';

/** Reconnection waits: from the first retry up to the longest, doubling. */
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
/**
 * Nothing at all (the server sends a comment line every 15 s) for this long: the connection is dead
 * without having closed (a network that dropped it silently, a half-open TCP), so it is replaced.
 */
const IDLE_TIMEOUT_MS = 45_000;

/**
 * The main process's subscription to the server's alert stream (GET /alerts/stream, SSE) with the
 * session token: alerts go into the feed, which tells the windows, the tray and the notifier. It follows
 * the session (`sync` after each sign-in, sign-out and check), reconnects with Last-Event-ID after a
 * lost connection (closed, failed, or silent past the heartbeats), so the server sends what it missed,
 * and gives up on a 401 (the session ended: signed out like any 401, part 1 §4) or a
 * 403 (the role may not see alerts).
 */
export interface AlertRelay {
  /** Listens while there is a token, stops (and empties the feed) when there is none. */
  sync(): void;
  stop(): void;
  /** Whether a subscription is running (connected or waiting to reconnect). */
  readonly active: boolean;
}

export interface AlertRelayOptions extends Pick<ClientOptions, 'baseUrl' | 'tokens' | 'onUnauthorized'> {
  feed: AlertFeed;
  logger: Logger;
  fetch?: typeof fetch;
  retryFirstMs?: number;
  /** How long a connection may stay silent before it is given up; default 45 s (three heartbeats). */
  idleTimeoutMs?: number;
}

export function createAlertRelay(options: AlertRelayOptions): AlertRelay {
  const { feed, logger, tokens } = options;
  const doFetch = options.fetch ?? fetch;
  const retryFirstMs = options.retryFirstMs ?? RETRY_FIRST_MS;
  const idleTimeoutMs = options.idleTimeoutMs ?? IDLE_TIMEOUT_MS;
  let running: { abort: AbortController; token: string } | undefined;
  /** Whose alerts are in the feed; a different token (another user) starts over. */
  let lastEventId: string | undefined;

  const deliver = (event: SseEvent) => {
    if (event.event !== ALERT_STREAM_EVENTS.recent && event.event !== ALERT_STREAM_EVENTS.alert) return;
    let parsed;
    try {
      parsed = streamedAlert.safeParse(JSON.parse(event.data));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return logger.warn('Ignored an alert that does not match the contract');
    if (event.id) lastEventId = event.id;
    feed.receive(parsed.data, event.event === ALERT_STREAM_EVENTS.alert);
  };

  /** One connection: resolves when it ends; answers whether to reconnect. `onOpen`: the server answered. */
  async function connect(token: string, signal: AbortSignal, onOpen: () => void): Promise<'retry' | 'stop'> {
    const base = await resolveBaseUrl(options.baseUrl);
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` };
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    // This connection's own abort: the relay's stop, or silence past the heartbeats.
    const connection = new AbortController();
    const stop = () => connection.abort();
    signal.addEventListener('abort', stop, { once: true });
    let silent = false;
    let idle: NodeJS.Timeout | undefined;
    const listen = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        silent = true;
        connection.abort();
      }, idleTimeoutMs);
    };
    try {
      listen();
      const response = await doFetch(endpointUrl(base, alertEndpoints.stream, {}), {
        headers,
        signal: connection.signal,
      });
      if (response.status === 401) {
        await response.body?.cancel();
        endSessionOn401(options, response.status, token);
        return 'stop';
      }
      if (response.status === 403) {
        await response.body?.cancel();
        logger.info('This role may not see alerts (alerts.read): the alert banner stays empty');
        return 'stop';
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        throw new Error(`HTTP ${response.status}`);
      }
      onOpen();
      const parse = createSseParser(deliver);
      const decoder = new TextDecoder();
      for await (const chunk of response.body) {
        listen();
        parse(decoder.decode(chunk, { stream: true }));
      }
      return 'retry';
    } catch (error) {
      if (silent) throw new Error(`nothing arrived for ${idleTimeoutMs} ms`, { cause: error });
      throw error;
    } finally {
      clearTimeout(idle);
      signal.removeEventListener('abort', stop);
    }
  }

  async function run(token: string, abort: AbortController): Promise<void> {
    let wait = retryFirstMs;
    while (!abort.signal.aborted) {
      try {
        // A connection the server answered starts the waits over, however it ended.
        const outcome = await connect(token, abort.signal, () => (wait = retryFirstMs));
        if (outcome === 'stop') break;
      } catch (error) {
        if (abort.signal.aborted) break;
        logger.warn(`The alert stream failed (${describeError(error)}); retrying in ${wait} ms`);
      }
      await sleep(wait, abort.signal);
      wait = Math.min(wait * 2, RETRY_MAX_MS);
    }
    if (running?.abort === abort) running = undefined;
  }

  const relay: AlertRelay = {
    sync() {
      const token = tokens.getToken();
      if (running && running.token === token) return;
      relay.stop();
      if (!token) return;
      const abort = new AbortController();
      running = { abort, token };
      void run(token, abort);
    },
    stop() {
      if (running) {
        running.abort.abort();
        running = undefined;
      }
      lastEventId = undefined;
      feed.clear();
    },
    get active() {
      return running !== undefined;
    },
  };
  return relay;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
