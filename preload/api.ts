import {
  bridgeEvents,
  CHANNELS,
  EVENT_NAMES,
  unwrapResult,
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
 * one function per channel (value or BridgeCallError) and `onEvent`. Nothing else, frozen.
 */
export function buildConsoleApi(transport: BridgeTransport): ConsoleApi {
  const api: Record<string, unknown> = {};
  for (const channel of CHANNELS) {
    // Exactly one argument crosses: extra ones a caller passes are dropped here.
    api[channel] = async (input?: unknown) => unwrapResult(await transport.call(channel, input));
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

function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && (EVENT_NAMES as readonly string[]).includes(value);
}
