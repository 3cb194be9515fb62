/**
 * The renderer's only way out: typed calls to `window.consoleApi` (see shared/bridge/contract.ts).
 * Calls reject with an Error whose message is meant for the user.
 */
import type {
  Channel,
  ChannelOutput,
  ConsoleApi,
  EventName,
  EventPayload,
} from '../../shared/bridge/contract';

type BridgeArgs<C extends Channel> = Parameters<ConsoleApi[C]>;

const MISSING_BRIDGE =
  'The console bridge is not available. Open the console through its desktop app or its browser host.';

function consoleApi(): ConsoleApi {
  const api = window.consoleApi;
  if (!api) throw new Error(MISSING_BRIDGE);
  return api;
}

export function call<C extends Channel>(channel: C, ...args: BridgeArgs<C>): Promise<ChannelOutput<C>> {
  try {
    const api = consoleApi();
    const fn = api[channel] as unknown as (...input: BridgeArgs<C>) => Promise<ChannelOutput<C>>;
    return fn.apply(api, args);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

/** Subscribes to a pushed event; answers the unsubscribe function. */
export function onEvent<E extends EventName>(
  event: E,
  listener: (payload: EventPayload<E>) => void,
): () => void {
  const api = window.consoleApi;
  if (!api) {
    console.error(MISSING_BRIDGE);
    return () => {};
  }
  return api.onEvent(event, listener);
}
