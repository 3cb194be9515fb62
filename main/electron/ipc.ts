import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNELS } from '../../shared/bridge/contract';
import type { ConsoleCore } from '../core/console-core';
import { handle } from '../core/bridge/handle';
import type { Logger } from '../core/logger';
import { isTrustedSenderFrame } from '../core/security/navigation';

/**
 * One `ipcMain.handle` per contract channel, each delegating to the shared dispatcher. The sender
 * must be the main frame of a window of ours showing our renderer's file (not an iframe, not a page
 * that navigated elsewhere). Push events go to every window on an IPC channel named after the event.
 */
export function bindIpc(core: ConsoleCore, rendererIndexUrl: string, logger: Logger): () => void {
  const deps = {
    handlers: core.handlers,
    logger,
    isTrustedSender: (event: IpcMainInvokeEvent) => {
      const frame = event.senderFrame;
      return isTrustedSenderFrame(
        frame ? { url: frame.url, isMainFrame: frame.parent === null } : null,
        rendererIndexUrl,
      );
    },
  };
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, input: unknown) => handle(deps, channel, input, event));
  }
  const unsubscribe = core.events.subscribe(({ event, payload }) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(event, payload);
    }
  });
  return () => {
    unsubscribe();
    for (const channel of CHANNELS) ipcMain.removeHandler(channel);
  };
}
