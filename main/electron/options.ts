import type { BrowserWindowConstructorOptions } from 'electron';

/**
 * The console window's options, as a pure factory (type-only import: tests load it without Electron).
 * Every web preference that matters for isolation is spelled out, not left to defaults, so a
 * change of Electron's defaults cannot loosen it silently.
 */
export function createWindowOptions(
  preloadPath: string,
  { devTools = false }: { devTools?: boolean } = {},
): BrowserWindowConstructorOptions {
  return {
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
      // Development builds only: the packaged app has no inspector.
      devTools,
    },
  };
}
