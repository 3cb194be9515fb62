import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { BridgeResult } from '../shared/bridge/contract';
import { buildConsoleApi } from './api';

/**
 * The Electron preload (sandboxed, bundled to CJS with shared/ and zod). Exposes `consoleApi` and
 * nothing else: no ipcRenderer, no event objects (they carry `sender`) reach the page.
 * Main answers each channel on `ipcMain.handle(<channel>)` and pushes events on `<event name>`.
 */
const api = buildConsoleApi({
  call: (channel, input) => ipcRenderer.invoke(channel, input) as Promise<BridgeResult<unknown>>,
  subscribe(event, listener) {
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(event, forward);
    return () => {
      ipcRenderer.removeListener(event, forward);
    };
  },
});

contextBridge.exposeInMainWorld('consoleApi', api);
