import { ipcMain } from 'electron';
import ElectronStore from 'electron-store';
import type { Logger } from '../core/logger';
import { STORE_FILE_OPTIONS, type KeyValue } from '../core/store/key-value';
import { openRecoveringStore } from '../core/store/open-conf';

/** The session store file of the desktop app: electron-store in the user-data directory, mode 0600. */
export function openElectronKeyValue(userDataDir: string, logger: Logger): KeyValue {
  const kv = openRecoveringStore(
    { dir: userDataDir, name: 'config', logger },
    (cwd, name) => new ElectronStore<Record<string, unknown>>({ cwd, name, ...STORE_FILE_OPTIONS }),
  );
  // electron-store answers renderers its paths on this IPC channel; ours never ask (the store lives
  // in main only), and no IPC channel outside the contract should be listening.
  ipcMain.removeAllListeners('electron-store-get-data');
  return kv;
}
