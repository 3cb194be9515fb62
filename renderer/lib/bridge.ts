/**
 * The renderer's only way out: typed calls to `window.consoleApi` (see shared/bridge/contract.ts).
 * Calls reject with an Error whose message is meant for the user: a BridgeCallError with the code
 * (and HTTP status) when the channel answered a failure.
 */
import type {
  BridgeResult,
  Channel,
  ChannelOutput,
  ConsoleApi,
  EventName,
  EventPayload,
} from '../../shared/bridge/contract';
// Values from the zod-free modules only: the contract's schemas stay out of the sign-in screen's code.
import { unwrapResult } from '../../shared/bridge/errors';

type BridgeArgs<C extends Channel> = Parameters<ConsoleApi[C]>;

const MISSING_BRIDGE =
  'The console bridge is not available. Open the console through its desktop app or its browser host.';

function consoleApi(): ConsoleApi {
  const api = window.consoleApi;
  if (!api) throw new Error(MISSING_BRIDGE);
  return api;
}

export async function call<C extends Channel>(channel: C, ...args: BridgeArgs<C>): Promise<ChannelOutput<C>> {
  const api = consoleApi();
  const fn = api[channel] as unknown as (...input: BridgeArgs<C>) => Promise<BridgeResult<ChannelOutput<C>>>;
  // The preload resolves with the result as data (contextBridge would keep only an Error's message).
  const value = unwrapResult(await fn.apply(api, args));
  for (const listener of succeeded) listener(channel);
  return value;
}

const succeeded = new Set<(channel: Channel) => void>();

/** Told of each call that succeeded (usage counts the features behind some); answers the unsubscribe. */
export function onCallSucceeded(listener: (channel: Channel) => void): () => void {
  succeeded.add(listener);
  return () => succeeded.delete(listener);
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
