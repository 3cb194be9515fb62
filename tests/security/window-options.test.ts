import { describe, expect, it } from 'vitest';
import type { BrowserWindowConstructorOptions } from 'electron';
import { createWindow } from '../../main/electron/options';

/** Records what the window was constructed with, in place of Electron's BrowserWindow. */
class RecordingWindow {
  constructor(readonly options: BrowserWindowConstructorOptions) {}
}
const createWindowOptions = (preload: string, opts?: { devTools?: boolean }) =>
  createWindow(RecordingWindow, preload, opts).options;

describe('Electron window options', () => {
  const options = createWindowOptions('/app/dist/preload/preload.cjs');
  const web = options.webPreferences ?? {};

  it('isolates the renderer', () => {
    expect(web).toMatchObject({
      preload: '/app/dist/preload/preload.cjs',
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
      disableBlinkFeatures: 'Auxclick',
    });
    expect(web).not.toHaveProperty('enableBlinkFeatures');
    expect(web).not.toHaveProperty('additionalArguments');
  });

  it('has no inspector unless asked (development)', () => {
    expect(web.devTools).toBe(false);
    expect(createWindowOptions('/p', { devTools: true }).webPreferences?.devTools).toBe(true);
  });

  it('opens hidden until the first paint', () => {
    expect(options.show).toBe(false);
  });
});
