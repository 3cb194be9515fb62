/**
 * The bridge's plain values, without zod: the page-side code (the browser host's /bridge.js, the
 * renderer's sign-in screen) imports these, so that the schema library stays in the main process
 * and out of what the browser loads before the sign-in form works. contract.ts re-exports them.
 */

/** Paths of the browser host's HTTP bridge. */
export const HTTP_BRIDGE = {
  callPrefix: '/bridge/',
  events: '/bridge-events',
  script: '/bridge.js',
  /** The per-launch secret's cookie (HttpOnly, SameSite=Strict). */
  cookie: 'console_bridge',
} as const;

/** The most of a renderer error's message, and of its stack, that crosses the bridge ('log:error'). */
export const LOG_TEXT_MAX = 8 * 1024;
