import { bridgeEvents, CHANNELS, EVENT_NAMES, type ConsoleApi } from '../shared/bridge/contract';
import { buildConsoleApiFrom, type BridgeTransport } from './build-api';

export type { BridgeTransport } from './build-api';

/**
 * The Electron preload's `window.consoleApi`: every contract channel, and pushed payloads checked
 * against the contract's schemas (the sandboxed preload bundles zod; it is not fetched by a page).
 */
export function buildConsoleApi(transport: BridgeTransport): ConsoleApi {
  return buildConsoleApiFrom(
    transport,
    { channels: CHANNELS, events: EVENT_NAMES },
    // The renderer only ever sees payloads of the contract's shape.
    (event, payload) => {
      const parsed = bridgeEvents[event].safeParse(payload);
      return parsed.success ? { payload: parsed.data } : null;
    },
  );
}
