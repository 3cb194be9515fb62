import type { BridgeResult, Channel, ConsoleApi, EventName } from '../shared/bridge/contract';

/** How a preload reaches the main process: IPC in Electron, HTTP + SSE in the browser host. */
export interface BridgeTransport {
  call(channel: Channel, input: unknown): Promise<BridgeResult<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/** The contract's names, as plain data: what a preload needs to build `window.consoleApi`. */
export interface BridgeNames {
  channels: readonly Channel[];
  events: readonly EventName[];
}

/**
 * A pushed payload as its event's schema reads it, or null when it does not have the event's shape.
 * A preload without a check passes payloads as they come.
 */
export type PayloadCheck = (event: EventName, payload: unknown) => { payload: unknown } | null;

/**
 * `window.consoleApi` from the contract's names: one function per channel and `onEvent`. Nothing
 * else, frozen. A function never rejects: it resolves with the BridgeResult, a plain value that
 * crosses contextBridge whole (a thrown Error would keep only its message, losing the code and
 * status); renderer/lib/bridge.ts turns a failure into a BridgeCallError. Type-only imports of the
 * contract: this file adds no schema library to the browser host's /bridge.js.
 */
export function buildConsoleApiFrom(
  transport: BridgeTransport,
  names: BridgeNames,
  check: PayloadCheck = (_event, payload) => ({ payload }),
): ConsoleApi {
  const api: Record<string, unknown> = {};
  for (const channel of names.channels) {
    // Exactly one argument crosses: extra ones a caller passes are dropped here.
    api[channel] = async (input?: unknown): Promise<BridgeResult<unknown>> => {
      try {
        return await transport.call(channel, input);
      } catch (error) {
        return { ok: false, error: { code: 'FAILED', message: messageOf(error) } };
      }
    };
  }
  const isEventName = (value: unknown): value is EventName =>
    typeof value === 'string' && (names.events as readonly string[]).includes(value);
  api.onEvent = (event: unknown, listener: unknown): (() => void) => {
    if (!isEventName(event)) throw new TypeError(`Unknown console event ${String(event)}`);
    if (typeof listener !== 'function') throw new TypeError('onEvent needs a listener function');
    return transport.subscribe(event, (payload) => {
      const checked = check(event, payload);
      if (checked) listener(checked.payload);
    });
  };
  return Object.freeze(api) as ConsoleApi;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The console bridge failed';
}
