import { app, BrowserWindow, dialog, safeStorage } from 'electron';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { readConfig } from '../core/config';
import { startConsoleCore, type ConsoleCore } from '../core/console-core';
import { attachLogFile, logDirOf } from '../core/log-file';
import { createConsoleLogger, createTeeLogger, describeError } from '../core/logger';
import { distPaths } from '../core/paths';
import { externalLinkHosts } from '../core/security/navigation';
import { startServerInWorker } from '../core/server/worker-server';
import { createSafeStorageEncryptor } from '../core/store/encryptor';
import { bindIpc } from './ipc';
import { createElectronSaveDialog } from './save-dialog';
import { createWindow } from './options';
import { hardenSession } from './security';
import { createElectronNotifier, createElectronTray } from './shell';
import { openElectronKeyValue } from './store';

/**
 * The desktop app's main process. Thin on purpose: everything decidable without Electron lives in
 * main/core; this file wires it to app lifecycle, the window, IPC, safeStorage and the session.
 */
// stderr from the first line; the rotating file joins once the user-data folder is settled (start).
const logger = createTeeLogger(createConsoleLogger('main'));
let logFile: { close(): Promise<void> } | null = null;
const dist = distPaths(import.meta.url);
const rendererIndexUrl = pathToFileURL(dist.rendererIndex).href;

// CONSOLE_DATA_DIR moves the user-data directory (store, embedded database): tests, portable use.
if (process.env.CONSOLE_DATA_DIR) app.setPath('userData', path.resolve(process.env.CONSOLE_DATA_DIR));
// Every renderer sandboxed, whatever a window's options say.
app.enableSandbox();

let core: ConsoleCore | null = null;
let window: BrowserWindow | null = null;
const tray = createElectronTray(() => {
  if (!window) return openWindow();
  if (window.isMinimized()) window.restore();
  window.focus();
});

if (!app.requestSingleInstanceLock()) {
  // A second launch hands over to the first one (see 'second-instance') and leaves.
  app.quit();
} else {
  app.on('second-instance', () => {
    if (!window) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.whenReady().then(start).catch(fail);
}

async function start(): Promise<void> {
  const userData = app.getPath('userData');
  const logDir = logDirOf(userData);
  logFile = await attachLogFile(logger, logDir);
  hardenSession(rendererIndexUrl, externalLinkHosts(process.env), logger);
  core = await startConsoleCore({
    host: 'electron',
    version: app.getVersion(),
    config: readConfig(process.env),
    kv: openElectronKeyValue(userData, logger),
    // safeStorage is only usable after 'ready'.
    encryptor: createSafeStorageEncryptor(safeStorage),
    dataDir: userData,
    logDir,
    logger,
    saveDialog: createElectronSaveDialog(
      dialog,
      () => window,
      () => app.getPath('downloads'),
    ),
    demoSnapshotFile: dist.demoSnapshot,
    startServer: startServerInWorker(distPaths(import.meta.url).serverWorker, {
      logLevel: process.env.CONSOLE_SERVER_LOG_LEVEL,
    }),
    notifier: createElectronNotifier(),
    tray,
  });
  bindIpc(core, rendererIndexUrl, logger);
  openWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
}

function openWindow(): void {
  const win = createWindow(BrowserWindow, dist.electronPreload, { devTools: !app.isPackaged });
  window = win;
  win.once('ready-to-show', () => win.show());
  win.on('closed', () => {
    if (window === win) window = null;
  });
  win
    .loadFile(dist.rendererIndex)
    .catch((error: unknown) => logger.error('Loading the renderer failed', error));
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

// Stop the embedded server (and close its database) before the process ends.
let stopped = false;
app.on('will-quit', (event) => {
  if (stopped || !core) return;
  event.preventDefault();
  const running = core;
  core = null;
  tray.destroy();
  running
    .close()
    .catch((error: unknown) => logger.error('Stopping failed', error))
    .then(() => logFile?.close())
    .finally(() => {
      stopped = true;
      app.quit();
    });
});

function fail(error: unknown): void {
  logger.error('The console could not start', error);
  dialog.showErrorBox('Operations Console could not start', describeError(error));
  // The file gets the line above before the process goes.
  void (logFile?.close() ?? Promise.resolve()).finally(() => app.exit(1));
}
