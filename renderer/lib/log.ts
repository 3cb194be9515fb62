/**
 * The renderer's log: what it prints on its console (devtools) also goes to the main process's log
 * file over the bridge ('log:error'), where a person can find it. Forwarding never throws and never
 * logs its own failure (a bridge that is down would otherwise loop).
 */
import type { RendererError } from '../../shared/bridge/contract';
import { LOG_TEXT_MAX } from '../../shared/bridge/http';
import { call } from './bridge';

export function logError(message: string, error?: unknown): void {
  if (error === undefined) console.error(message);
  else console.error(message, error);
  forward('logged', error === undefined ? message : `${message}: ${describe(error)}`, stackOf(error));
}

/** Uncaught errors and unhandled rejections of the page, forwarded once installed (main.tsx). */
export function forwardUncaughtErrors(target: Window = window): () => void {
  const onError = (event: ErrorEvent) =>
    forward(
      'window',
      event.error === undefined ? event.message : describe(event.error),
      stackOf(event.error),
    );
  const onRejection = (event: PromiseRejectionEvent) =>
    forward('unhandledrejection', describe(event.reason), stackOf(event.reason));
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}

/** A screen that failed to render (the router's error element). */
export function logScreenError(error: unknown): void {
  console.error('Screen failed', error);
  forward('screen', `Screen failed: ${describe(error)}`, stackOf(error));
}

function forward(source: RendererError['source'], message: string, stack: string | undefined): void {
  const entry: RendererError = { source, message: clip(message) };
  if (stack) entry.stack = clip(stack);
  call('log:error', entry).catch(() => {});
}

function describe(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

function stackOf(error: unknown): string | undefined {
  return error instanceof Error ? error.stack : undefined;
}

/** Longer texts are cut to what the channel takes (LOG_TEXT_MAX), their end marked. */
export function clip(text: string, max = LOG_TEXT_MAX): string {
  const marker = '… [cut]';
  return text.length <= max ? text : `${text.slice(0, max - marker.length)}${marker}`;
}
