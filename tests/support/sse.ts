/** Reads a Server-Sent Events answer in tests: events arrive in `events`, `next(n)` waits for the n-th. */
import { createSseParser, type SseEvent } from '../../shared/sse';

export interface SseReader {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** Resolves once at least `count` events arrived (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<SseEvent[]>;
  /** Resolves once the server ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const abort = new AbortController();
  const response = await fetch(url, {
    headers: { Accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: SseEvent[] = [];
  const waiters = new Set<() => void>();
  const parse = createSseParser((event) => {
    events.push(event);
    for (const wake of [...waiters]) wake();
  });
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body) parse(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      // Aborted by close().
    }
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    ended,
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length < count) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(events.slice(0, count));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`only ${events.length} of ${count} events arrived`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}
