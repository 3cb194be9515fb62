import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHANNELS, type BridgeResult } from '../../../shared/bridge/contract';
import { distPaths } from '../../../main/core/paths';
import { CONTENT_SECURITY_POLICY } from '../../../main/core/security/csp';
import { makeTempDir } from './temp-dir';

/**
 * The Electron host cannot be launched here (no Electron binary), so its wiring is checked against a
 * stand-in `electron` module: lifecycle, window options, session hardening, IPC binding, quit.
 */
type Listener = (...args: unknown[]) => unknown;
const fake = vi.hoisted(() => {
  const appListeners = new Map<string, Listener>();
  const ipcHandlers = new Map<string, Listener>();
  const ipcListeners = new Map<string, Listener>();
  const windows: FakeWindow[] = [];
  const instances: unknown[] = [];
  // Plain records, not vi.fn(): what happened at start-up must survive the runner's mock resets.
  const startup: unknown[][] = [];
  interface FakeWindow {
    options: Record<string, unknown>;
    loaded: string | undefined;
    sent: [string, unknown][];
  }
  const session = {
    headers: undefined as Listener | undefined,
    permissionRequest: undefined as Listener | undefined,
    permissionCheck: undefined as Listener | undefined,
  };
  class BrowserWindow {
    static getAllWindows = () => instances;
    readonly webContents: { send: (channel: string, payload: unknown) => void };
    private readonly record: FakeWindow;
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: undefined, sent: [] };
      windows.push(this.record);
      instances.push(this);
      const record = this.record;
      this.webContents = { send: (channel, payload) => record.sent.push([channel, payload]) };
      Object.assign(this, { isDestroyed: () => false });
    }
    once() {}
    on() {}
    loadFile(file: string) {
      this.record.loaded = file;
      return Promise.resolve();
    }
  }
  const electron = {
    app: {
      setPath: (...args: unknown[]) => startup.push(['setPath', ...args]),
      getPath: vi.fn(() => process.env.CONSOLE_DATA_DIR ?? ''),
      getVersion: () => '1.2.3',
      isPackaged: true,
      enableSandbox: () => startup.push(['enableSandbox']),
      requestSingleInstanceLock: () => startup.push(['requestSingleInstanceLock']) > 0,
      whenReady: () => Promise.resolve(),
      on: (event: string, listener: Listener) => appListeners.set(event, listener),
      quit: vi.fn(),
      exit: vi.fn(),
    },
    BrowserWindow,
    dialog: { showErrorBox: vi.fn() },
    ipcMain: {
      handle: (channel: string, handler: Listener) => ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => ipcHandlers.delete(channel),
      on: (channel: string, listener: Listener) => ipcListeners.set(channel, listener),
      removeAllListeners: (channel: string) => ipcListeners.delete(channel),
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      getSelectedStorageBackend: () => 'gnome_libsecret',
      encryptString: (plain: string) => Buffer.from(plain).reverse(),
      decryptString: (sealed: Buffer) => Buffer.from(sealed).reverse().toString(),
    },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: (listener: Listener) => (session.headers = listener) },
        setPermissionRequestHandler: (listener: Listener) => (session.permissionRequest = listener),
        setPermissionCheckHandler: (listener: Listener) => (session.permissionCheck = listener),
      },
    },
    shell: { openExternal: vi.fn(() => Promise.resolve()), openPath: vi.fn() },
  };
  return { electron, appListeners, ipcHandlers, ipcListeners, windows, session, startup };
});
vi.mock('electron', () => ({ ...fake.electron, default: fake.electron }));
// The real electron-store is loaded by Node, not by vitest, so it would reach the real 'electron'
// package (which tries to download its binary). This stand-in is conf plus electron-store's habit of
// answering renderers on an IPC channel.
vi.mock('electron-store', async () => {
  const { default: Conf } = await import('conf');
  class ElectronStore extends Conf<Record<string, unknown>> {
    constructor({ name, ...options }: { name: string; cwd: string }) {
      super({ ...options, configName: name });
      fake.electron.ipcMain.on('electron-store-get-data', () => {});
    }
  }
  return { default: ElectronStore };
});

let temp: ReturnType<typeof makeTempDir>;
const dist = distPaths(pathToFileURL(path.resolve('main/electron/index.ts')).href);
const rendererUrl = pathToFileURL(dist.rendererIndex).href;

beforeAll(async () => {
  temp = makeTempDir('console-electron-');
  vi.stubEnv('CONSOLE_DATA_DIR', temp.dir);
  // A remote gateway: no embedded server in this test.
  vi.stubEnv('CONSOLE_GATEWAY_URL', 'http://127.0.0.1:9');
  await import('../../../main/electron/index');
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
});
afterAll(() => {
  vi.unstubAllEnvs();
  temp.remove();
});

const invoke = (channel: string, frame: { url: string; parent: unknown } | null, input?: unknown) =>
  fake.ipcHandlers.get(channel)?.({ senderFrame: frame }, input) as Promise<BridgeResult<unknown>>;

describe('Electron host wiring', () => {
  it('sandboxes every renderer, holds the single-instance lock and honours CONSOLE_DATA_DIR', () => {
    expect(fake.startup).toEqual([
      ['setPath', 'userData', path.resolve(temp.dir)],
      ['enableSandbox'],
      ['requestSingleInstanceLock'],
    ]);
    expect(fake.appListeners.has('second-instance')).toBe(true);
  });

  it('opens one window with the isolated options and our preload, loading the built renderer', () => {
    const [window] = fake.windows;
    expect(window?.options).toMatchObject({
      show: false,
      webPreferences: {
        preload: dist.electronPreload,
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        devTools: false,
      },
    });
    expect(window?.loaded).toBe(dist.rendererIndex);
  });

  it('keeps the session store in userData, mode 0600, and no stray electron-store IPC listener', async () => {
    await invoke('settings:setTheme', { url: rendererUrl, parent: null }, { theme: 'dark' });
    const file = path.join(temp.dir, 'config.json');
    expect(existsSync(file)).toBe(true);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(fake.ipcListeners.size).toBe(0);
  });

  it('binds exactly the contract channels, checking the sender frame', async () => {
    expect([...fake.ipcHandlers.keys()].sort()).toEqual([...CHANNELS].sort());
    expect(await invoke('app:info', { url: `${rendererUrl}#/dashboard`, parent: null })).toMatchObject({
      ok: true,
      value: { host: 'electron', version: '1.2.3', embeddedServer: false },
    });
    for (const frame of [
      { url: rendererUrl, parent: {} },
      { url: 'https://evil.example/', parent: null },
      null,
    ]) {
      expect(await invoke('app:info', frame)).toMatchObject({
        ok: false,
        error: { code: 'FORBIDDEN_SENDER' },
      });
    }
    expect(
      await invoke('settings:setTheme', { url: rendererUrl, parent: null }, { theme: 'neon' }),
    ).toMatchObject({ ok: false, error: { code: 'INVALID' } });
  });

  it('pushes events to the window on a channel named after the event', async () => {
    await invoke('settings:setTheme', { url: rendererUrl, parent: null }, { theme: 'light' });
    expect(fake.windows[0]?.sent).toContainEqual(['settings:themeChanged', { theme: 'light' }]);
  });

  it('hardens the session: CSP on responses, permissions refused', () => {
    const answer = vi.fn();
    fake.session.headers?.({ responseHeaders: { 'content-security-policy': ['default-src *'] } }, answer);
    expect(answer).toHaveBeenCalledWith({
      responseHeaders: expect.objectContaining({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] }),
    });
    const granted = vi.fn();
    fake.session.permissionRequest?.({}, 'media', granted, {});
    expect(granted).toHaveBeenCalledWith(false);
    expect(fake.session.permissionCheck?.({}, 'notifications')).toBe(false);
  });

  it('guards every web contents: navigation, redirects, webviews, new windows', () => {
    const handlers = new Map<string, Listener>();
    let openHandler: Listener | undefined;
    const contents = {
      on: (event: string, listener: Listener) => handlers.set(event, listener),
      setWindowOpenHandler: (h: Listener) => (openHandler = h),
    };
    fake.appListeners.get('web-contents-created')?.({}, contents);
    const event = (url: string) => ({ url, preventDefault: vi.fn() });
    const away = event('https://evil.example/');
    handlers.get('will-navigate')?.(away);
    expect(away.preventDefault).toHaveBeenCalled();
    const home = event(`${rendererUrl}#/login`);
    handlers.get('will-navigate')?.(home);
    expect(home.preventDefault).not.toHaveBeenCalled();
    const redirect = event('http://127.0.0.1:1/');
    handlers.get('will-redirect')?.(redirect);
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webview = event('');
    handlers.get('will-attach-webview')?.(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(openHandler?.({ url: 'https://evil.example/' })).toEqual({ action: 'deny' });
    expect(fake.electron.shell.openExternal).not.toHaveBeenCalled();
  });

  it("writes its log in userData/logs, as app:info says, with the renderer's errors", async () => {
    const ours = { url: rendererUrl, parent: null };
    const logDir = path.join(temp.dir, 'logs');
    expect(await invoke('app:info', ours)).toMatchObject({
      ok: true,
      value: { dataDir: path.resolve(temp.dir), logDir: path.resolve(logDir) },
    });
    expect(
      await invoke('log:error', ours, { source: 'logged', message: 'Electron renderer failure' }),
    ).toEqual({
      ok: true,
      value: { logged: true },
    });
    const mainLog = () =>
      readdirSync(logDir)
        .filter((name) => name.startsWith('main.'))
        .map((name) => readFileSync(path.join(logDir, name), 'utf8'))
        .join('');
    await vi.waitFor(() => expect(mainLog()).toContain('Renderer error (logged): Electron renderer failure'));
  });

  it('stops the core before quitting', async () => {
    const quitting = { preventDefault: vi.fn() };
    fake.appListeners.get('will-quit')?.(quitting);
    expect(quitting.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(fake.electron.app.quit).toHaveBeenCalled());
    const again = { preventDefault: vi.fn() };
    fake.appListeners.get('will-quit')?.(again);
    expect(again.preventDefault).not.toHaveBeenCalled();
  });
});
