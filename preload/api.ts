import {
  bridgeEvents,
  CHANNELS,
  EVENT_NAMES,
  type BridgeResult,
  type Channel,
  type ConsoleApi,
  type EventName,
} from '../shared/bridge/contract';

/** How a preload reaches the main process: IPC in Electron, HTTP + SSE in the browser host. */
export interface BridgeTransport {
  call(channel: Channel, input: unknown): Promise<BridgeResult<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/**
 * `window.consoleApi`, built from the contract's CHANNELS and EVENT_NAMES so that it cannot drift:
 * one function per channel and `onEvent`. Nothing else, frozen. A function never rejects: it resolves
 * with the BridgeResult, a plain value that crosses contextBridge whole (a thrown Error would keep only
 * its message, losing the code and status); renderer/lib/bridge.ts turns a failure into a BridgeCallError.
 */
export function buildConsoleApi(transport: BridgeTransport): ConsoleApi {
  const api: Record<string, unknown> = {};
  for (const channel of CHANNELS) {
    // Exactly one argument crosses: extra ones a caller passes are dropped here.
    api[channel] = async (input?: unknown): Promise<BridgeResult<unknown>> => {
      try {
        return await transport.call(channel, input);
      } catch (error) {
        return { ok: false, error: { code: 'FAILED', message: messageOf(error) } };
      }
    };
  }
  api.onEvent = (event: unknown, listener: unknown): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`Unknown console event ${String(event)}`);
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a listener function');
    const schema = bridgeEvents[event];
    return transport.subscribe(event, (payload) => {
      // The renderer only ever sees payloads of the contract's shape.
      const parsed = schema.safeParse(payload);
      if (parsed.success) listener(parsed.data);
    });
  };
  return Object.freeze(api) as ConsoleApi;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The console bridge failed';
}

function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);
}
