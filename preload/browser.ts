import type { BridgeResult, EventName } from '../shared/bridge/contract';
import { HTTP_BRIDGE } from '../shared/bridge/http';
import { buildConsoleApiFrom, type BridgeNames } from './build-api';

/**
 * The browser host's stand-in for the preload (built as an IIFE, /bridge.js, run before the app).
 * The same `window.consoleApi` over `POST /bridge/<channel>` and an EventSource on /bridge-events.
 * The launch cookie is HttpOnly: this script never sees it, the browser sends it.
 *
 * It only forwards: the main process validates every call's input and makes every event's payload,
 * so the page loads no schema library. The contract's channel and event names are written in at
 * build time (scripts/build.mjs reads them from shared/bridge/contract.ts).
 */
declare const __CONSOLE_BRIDGE_NAMES__: BridgeNames;

const UNREACHABLE = 'The console is not reachable. Is it still running?';

async function call(channel: string, input: unknown): Promise<BridgeResult<unknown>> {
  let response: Response;
  try {
    response = await fetch(`${HTTP_BRIDGE.callPrefix}${encodeURIComponent(channel)}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input === undefined ? {} : { input }),
    });
  } catch {
    return { ok: false, error: { code: 'FAILED', message: UNREACHABLE } };
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (isBridgeResult(body)) return body;
  return {
    ok: false,
    error: { code: 'FAILED', message: `Unexpected answer from the console (HTTP ${response.status})` },
  };
}

function isBridgeResult(value: unknown): value is BridgeResult<unknown> {
  if (typeof value !== 'object' || value === null || !('ok' in value)) return false;
  if (value.ok === true) return 'value' in value;
  return value.ok === false && 'error' in value && typeof value.error === 'object' && value.error !== null;
}

// One stream for all events, opened on the first subscription; EventSource reconnects by itself.
let source: EventSource | undefined;
function subscribe(event: EventName, listener: (payload: unknown) => void): () => void {
  source ??= new EventSource(HTTP_BRIDGE.events, { withCredentials: false });
  const stream = source;
  const onMessage = (message: Event) => {
    if (!('data' in message) || typeof message.data !== 'string') return;
    let payload: unknown;
    try {
      payload = JSON.parse(message.data);
    } catch {
      return;
    }
    listener(payload);
  };
  stream.addEventListener(event, onMessage);
  return () => stream.removeEventListener(event, onMessage);
}

Object.defineProperty(globalThis, 'consoleApi', {
  value: buildConsoleApiFrom({ call, subscribe }, __CONSOLE_BRIDGE_NAMES__),
  enumerable: true,
  writable: false,
  configurable: false,
});

// The browser host's stand-in for desktop notifications (critical and high alerts): a browser
// Notification where the user allowed them; the host records each one either way.
interface BrowserNotifications {
  readonly permission: string;
  new (title: string, options: { body: string; tag: string }): unknown;
}
const BrowserNotification = (globalThis as { Notification?: BrowserNotifications }).Notification;
if (BrowserNotification) {
  subscribe('alerts:notification', (payload) => {
    if (BrowserNotification.permission !== 'granted' || !isNotification(payload)) return;
    new BrowserNotification(payload.title, { body: payload.body, tag: 'console-alert' });
  });
}

function isNotification(value: unknown): value is { title: string; body: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    'title' in value &&
    typeof value.title === 'string' &&
    'body' in value &&
    typeof value.body === 'string'
  );
}
