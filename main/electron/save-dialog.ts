import type { BrowserWindow, Dialog } from 'electron';
import path from 'node:path';
import { createPathSaveDialog } from '../core/save/write-file';
import type { SaveDialog } from '../core/save/save-dialog';

/** The native save dialog, suggesting the file name in the user's downloads folder. */
export function createElectronSaveDialog(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  window: () => BrowserWindow | null,
  downloadsDir: () => string,
): SaveDialog {
  return createPathSaveDialog(async (suggestedName) => {
    const options = { defaultPath: path.join(downloadsDir(), suggestedName) };
    const parent = window();
    return parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options);
  }, path.basename);
}
