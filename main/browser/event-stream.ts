import type { ServerResponse } from 'node:http';
import type { BridgeEventBus, BridgeEventMessage } from '../core/bridge/events';

const HEARTBEAT_MS = 20_000;

/**
 * Server-Sent Events for the bridge's push events. Each open stream is one page; every event goes
 * to every page (one console, one user). `closeAll` ends them so the HTTP server can stop.
 */
export interface EventStreams {
  open(response: ServerResponse, headers: Record<string, string>): void;
  closeAll(): void;
  readonly count: number;
}

export function createEventStreams(events: BridgeEventBus): EventStreams {
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
      response.write('retry: 2000\n\n');
      open.add(response);
      const unsubscribe = events.subscribe((message) => response.write(formatEvent(message)));
      // A comment line now and then keeps idle proxies and the browser from dropping the stream.
      const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), HEARTBEAT_MS);
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
