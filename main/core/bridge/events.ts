import { bridgeEvents, type EventName, type EventPayload } from '../../../shared/bridge/contract';
import { describeError, type Logger } from '../logger';

/** One push from main to renderer: an event of the contract and its checked payload. */
export type BridgeEventMessage = { [E in EventName]: { event: E; payload: EventPayload<E> } }[EventName];

/**
 * Push events (shared `bridgeEvents`): core code emits, each host forwards to its renderer(s)
 * (Electron: webContents.send; browser host: SSE). Payloads are checked against the contract here,
 * once, so no host can push what the renderer does not expect.
 */
export interface BridgeEventBus {
  emit<E extends EventName>(event: E, payload: EventPayload<E>): void;
  subscribe(listener: (message: BridgeEventMessage) => void): () => void;
}

export function createBridgeEventBus(logger: Logger): BridgeEventBus {
  const listeners = new Set<(message: BridgeEventMessage) => void>();
  return {
    emit(event, payload) {
      const checked = bridgeEvents[event].parse(payload);
      const message = { event, payload: checked } as BridgeEventMessage;
      for (const listener of [...listeners]) {
        try {
          listener(message);
        } catch (error) {
          // One broken subscriber (a closed window, a dropped stream) must not stop the others.
          logger.warn(`Delivering ${event} failed: ${describeError(error)}`);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
