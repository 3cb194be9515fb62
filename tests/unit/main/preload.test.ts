import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BridgeCallError,
  CHANNELS,
  EVENT_NAMES,
  unwrapResult,
  type BridgeResult,
  type ConsoleApi,
} from '../../../shared/bridge/contract';
import { buildConsoleApi, type BridgeTransport } from '../../../preload/api';

// The Electron preload imports 'electron'; a stand-in records what it does with it.
const electron = vi.hoisted(() => ({
  exposed: new Map<string, unknown>(),
  invoke: vi.fn(async (): Promise<BridgeResult<unknown>> => ({ ok: true, value: 'auto' })),
  listeners: new Map<string, (...args: unknown[]) => void>(),
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, api: unknown) => electron.exposed.set(key, api) },
  ipcRenderer: {
    invoke: electron.invoke,
    on: (channel: string, listener: (...args: unknown[]) => void) =>
      electron.listeners.set(channel, listener),
    removeListener: (channel: string) => electron.listeners.delete(channel),
  },
}));

/**
 * What Electron's contextBridge does to functions exposed to the page (the part that matters here): a
 * resolved value arrives as a structured clone, a rejection as a new Error with only the message.
 */
function acrossContextBridge<T extends object>(api: T): T {
  const crossed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(api)) {
    crossed[key] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return structuredClone(await (value as (...a: unknown[]) => Promise<unknown>)(...args));
            } catch (error) {
              // Dropping everything but the message (the cause included) is what is simulated.
              // eslint-disable-next-line preserve-caught-error
              throw new Error(error instanceof Error ? error.message : String(error));
            }
          }
        : value;
  }
  return crossed as T;
}

function recordingTransport(answer: BridgeResult<unknown> = { ok: true, value: null }) {
  const calls: [string, unknown][] = [];
  const subscribers = new Map<string, (payload: unknown) => void>();
  const transport: BridgeTransport = {
    call: async (channel, input) => (calls.push([channel, input]), answer),
    subscribe: (event, listener) => (subscribers.set(event, listener), () => void subscribers.delete(event)),
  };
  return { transport, calls, subscribers };
}

describe('buildConsoleApi', () => {
  it('has one function per channel plus onEvent, and nothing else; frozen', () => {
    const api = buildConsoleApi(recordingTransport().transport);
    expect(Object.keys(api).sort()).toEqual([...CHANNELS, 'onEvent'].sort());
    for (const key of Object.keys(api))
      expect(typeof (api as unknown as Record<string, unknown>)[key]).toBe('function');
    expect(Object.isFrozen(api)).toBe(true);
  });

  it('sends exactly one input and resolves with the answer as data', async () => {
    const { transport, calls } = recordingTransport({ ok: true, value: 'dark' });
    const api = buildConsoleApi(transport);
    await expect(api['settings:setTheme']({ theme: 'dark' })).resolves.toEqual({ ok: true, value: 'dark' });
    await (api['settings:theme'] as (...args: unknown[]) => Promise<unknown>)('ignored', 'extra');
    expect(calls).toEqual([
      ['settings:setTheme', { theme: 'dark' }],
      ['settings:theme', 'ignored'],
    ]);
  });

  it('never rejects: a failure, or a transport that throws, resolves as a plain BridgeResult', async () => {
    const refusal = {
      ok: false as const,
      error: { code: 'CONFLICT' as const, message: 'Taken', status: 409 },
    };
    const api = buildConsoleApi(recordingTransport(refusal).transport);
    await expect(api['roles.createRole']({ body: { name: 'Crew' } })).resolves.toEqual(refusal);
    const broken = buildConsoleApi({
      call: async () => {
        throw new Error('An object could not be cloned.');
      },
      subscribe: () => () => {},
    });
    await expect(broken['app:info']()).resolves.toEqual({
      ok: false,
      error: { code: 'FAILED', message: 'An object could not be cloned.' },
    });
  });

  it('onEvent accepts only contract events and passes only payloads of their shape', () => {
    const { transport, subscribers } = recordingTransport();
    const api = buildConsoleApi(transport);
    const seen: unknown[] = [];
    const off = api.onEvent('settings:themeChanged', (payload) => seen.push(payload));
    subscribers.get('settings:themeChanged')?.({ theme: 'dark' });
    subscribers.get('settings:themeChanged')?.({ theme: 'neon' });
    subscribers.get('settings:themeChanged')?.('<script>');
    expect(seen).toEqual([{ theme: 'dark' }]);
    off();
    expect(subscribers.size).toBe(0);
    expect(() => (api.onEvent as (e: string, l: () => void) => void)('ipc:anything', () => {})).toThrow(
      TypeError,
    );
    expect(() => (api.onEvent as (e: string, l: unknown) => void)('auth:expired', 'not a function')).toThrow(
      TypeError,
    );
  });
});

describe('Electron preload', () => {
  beforeEach(() => {
    vi.resetModules();
    electron.exposed.clear();
    electron.listeners.clear();
  });

  it('exposes consoleApi only, calling ipcRenderer.invoke(<channel>, input)', async () => {
    await import('../../../preload/electron');
    expect([...electron.exposed.keys()]).toEqual(['consoleApi']);
    const api = electron.exposed.get('consoleApi') as ConsoleApi;
    await expect(api['settings:theme']()).resolves.toEqual({ ok: true, value: 'auto' });
    expect(electron.invoke).toHaveBeenCalledWith('settings:theme', undefined);
  });

  it("keeps the code and status across contextBridge, which keeps only a thrown Error's message", async () => {
    const refusal: BridgeResult<unknown> = {
      ok: false,
      error: { code: 'CONFLICT', message: 'A role with this name already exists', status: 409 },
    };
    electron.invoke.mockResolvedValueOnce(refusal);
    await import('../../../preload/electron');
    const pageApi = acrossContextBridge(electron.exposed.get('consoleApi') as ConsoleApi);
    const result = await pageApi['roles.createRole']({ body: { name: 'Crew' } });
    expect(result).toEqual(refusal);
    // What renderer/lib/bridge.ts does with it (tested there too): the error with its code and status.
    const error = (() => {
      try {
        return unwrapResult(result);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BridgeCallError);
    expect(error).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: refusal.ok ? '' : refusal.error.message,
    });
  });

  it('shows why: an error thrown in the preload would reach the page without its code', async () => {
    const thrower = {
      go: async () => Promise.reject(new BridgeCallError({ code: 'CONFLICT', message: 'Taken' })),
    };
    const error = await acrossContextBridge(thrower)
      .go()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'Taken' });
    expect(error).not.toHaveProperty('code');
  });

  it('forwards pushed events without the IPC event object', async () => {
    await import('../../../preload/electron');
    const api = electron.exposed.get('consoleApi') as ConsoleApi;
    const seen: unknown[] = [];
    const off = api.onEvent('auth:expired', (...args: unknown[]) => seen.push(args));
    electron.listeners.get('auth:expired')?.(
      { sender: 'ipc internals' },
      { message: 'Authentication required' },
    );
    expect(seen).toEqual([[{ message: 'Authentication required' }]]);
    off();
    expect(electron.listeners.has('auth:expired')).toBe(false);
  });
});

describe('browser-host preload (bridge.js)', () => {
  class FakeEventSource {
    static last: FakeEventSource | undefined;
    readonly listeners = new Map<string, (event: { data: string }) => void>();
    constructor(readonly url: string) {
      FakeEventSource.last = this;
    }
    addEventListener(type: string, listener: (event: { data: string }) => void) {
      this.listeners.set(type, listener);
    }
    removeEventListener(type: string) {
      this.listeners.delete(type);
    }
  }
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ ok: true, value: null }), { status: 200 }),
  );

  // bridge.js defines window.consoleApi non-configurable (the app cannot replace it): load it once.
  let api: ConsoleApi;
  beforeAll(async () => {
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('EventSource', FakeEventSource);
    // What scripts/build.mjs writes into bridge.js at build time.
    vi.stubGlobal('__CONSOLE_BRIDGE_NAMES__', { channels: CHANNELS, events: EVENT_NAMES });
    await import('../../../preload/browser');
    api = (globalThis as unknown as { consoleApi: ConsoleApi }).consoleApi;
  });
  afterAll(() => vi.unstubAllGlobals());

  it('defines window.consoleApi over POST /bridge/<channel> (same-origin credentials) and SSE', async () => {
    expect(Object.getOwnPropertyDescriptor(globalThis, 'consoleApi')).toMatchObject({
      writable: false,
      configurable: false,
    });
    expect(Object.keys(api).sort()).toEqual([...CHANNELS, 'onEvent'].sort());

    await api['auth:logout']();
    await api['auth:login']({ email: 'a@b.example', password: 'pw' });
    expect(fetchMock).toHaveBeenNthCalledWith(
      1,
      '/bridge/auth%3Alogout',
      expect.objectContaining({ method: 'POST', credentials: 'same-origin', body: '{}' }),
    );
    expect(fetchMock).toHaveBeenNthCalledWith(
      2,
      '/bridge/auth%3Alogin',
      expect.objectContaining({ body: '{"input":{"email":"a@b.example","password":"pw"}}' }),
    );

    const seen: unknown[] = [];
    for (const event of EVENT_NAMES) api.onEvent(event, (payload) => seen.push(payload));
    expect(FakeEventSource.last?.url).toBe('/bridge-events');
    FakeEventSource.last?.listeners.get('settings:themeChanged')?.({ data: '{"theme":"light"}' });
    FakeEventSource.last?.listeners.get('auth:expired')?.({ data: 'not json' });
    expect(seen).toEqual([{ theme: 'light' }]);
  });

  it('turns an unreachable host or a foreign answer into a failed result', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api['app:info']()).resolves.toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: expect.stringMatching(/not reachable/) },
    });
    fetchMock.mockResolvedValueOnce(new Response('<html>proxy</html>', { status: 502 }));
    await expect(api['app:info']()).resolves.toMatchObject({
      ok: false,
      error: { code: 'FAILED', message: expect.stringMatching(/HTTP 502/) },
    });
    fetchMock.mockResolvedValueOnce(
      new Response('{"ok":false,"error":{"code":"FORBIDDEN_SENDER","message":"no"}}', { status: 403 }),
    );
    await expect(api['app:info']()).resolves.toMatchObject({
      ok: false,
      error: { code: 'FORBIDDEN_SENDER' },
    });
  });

  it('a forwarded refusal arrives whole: code, status and text', async () => {
    const refusal = { ok: false, error: { code: 'FORBIDDEN', message: 'No', status: 403 } };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(refusal), { status: 200 }));
    expect(await api['roles.deleteRole']({ params: { id: 'teacher' } })).toEqual(refusal);
    expect(fetchMock).toHaveBeenLastCalledWith(
      '/bridge/roles.deleteRole',
      expect.objectContaining({ body: '{"input":{"params":{"id":"teacher"}}}' }),
    );
  });
});
