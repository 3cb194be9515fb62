import type { ConsoleApi } from '../../shared/bridge/contract';

declare global {
  interface Window {
    /**
     * Provided by the Electron preload or by the browser host's /bridge.js. Optional here so that
     * bridge.ts can say clearly when the page was opened without either; use it only through bridge.ts.
     */
    readonly consoleApi?: ConsoleApi;
  }
}

export {};
