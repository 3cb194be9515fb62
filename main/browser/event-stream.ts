import type { ServerResponse } from 'node:http';
import type { BridgeEventBus, BridgeEventMessage } from '../core/bridge/events';

const HEARTBEAT_MS = 20_000;
/**
 * Bytes queued for one page that does not read; past it the page's stream is dropped (its EventSource
 * reconnects by itself), so a stalled page cannot grow the host's memory. Far above a burst of events.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024;

/**
 * Server-Sent Events for the bridge's push events. Each open stream is one page; every event goes
 * to every page (one console, one user). `closeAll` ends them so the HTTP server can stop.
 */
export interface EventStreams {
  open(response: ServerResponse, headers: Record<string, string>): void;
  closeAll(): void;
  readonly count: number;
}

export function createEventStreams(
  events: BridgeEventBus,
  maxBufferedBytes = MAX_BUFFERED_BYTES,
): EventStreams {
  const open = new Set<ServerResponse>();
  return {
    open(response, headers) {
      response.writeHead(200, {
        ...headers,
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      const write = (chunk: string) => {
        if (response.destroyed) return;
        response.write(chunk);
        if (response.writableLength > maxBufferedBytes) response.destroy();
      };
      write('retry: 2000\n\n');
      open.add(response);
      const unsubscribe = events.subscribe((message) => write(formatEvent(message)));
      // A comment line now and then keeps idle proxies and the browser from dropping the stream.
      const heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
      heartbeat.unref();
      response.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(response);
      });
    },
    closeAll() {
      for (const response of open) response.end();
      open.clear();
    },
    get count() {
      return open.size;
    },
  };
}

/** `event: <name>` + one `data:` line of JSON (JSON has no raw newlines). */
export function formatEvent(message: BridgeEventMessage): string {
  return `event: ${message.event}\ndata: ${JSON.stringify(message.payload)}\n\n`;
}
