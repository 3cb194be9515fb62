import type { BrowserWindowConstructorOptions } from 'electron';

/** The window class, passed in so tests can construct the window without Electron (type-only import). */
export type WindowConstructor<W> = new (options: BrowserWindowConstructorOptions) => W;

/**
 * Creates the console window. Every web preference that matters for isolation is spelled out, not
 * left to defaults, so a change of Electron's defaults cannot loosen it silently. The options are a
 * literal at the `new BrowserWindow(...)` call on purpose: Electronegativity reads them there, and the
 * security tests construct the window through a recording stand-in for the class.
 */
export function createWindow<W>(
  BrowserWindow: WindowConstructor<W>,
  preloadPath: string,
  { devTools = false }: { devTools?: boolean } = {},
): W {
  return new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 680,
    title: 'Operations Console',
    // Shown on 'ready-to-show': no white flash before the first paint.
    show: false,
    backgroundColor: '#0f172a',
    autoHideMenuBar: true,
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
      // Middle-click would open links in new windows past the window-open handler's view.
      disableBlinkFeatures: 'Auxclick',
      // Development builds only: the packaged app has no inspector.
      devTools,
    },
  });
}
