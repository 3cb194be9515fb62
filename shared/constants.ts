/** Constants of the spec (part 1 §9, part 2 §9) and of the console's own plumbing. */

/** Both HTTP clients give up after 30 s (part 1 §9). */
export const HTTP_TIMEOUT_MS = 30_000;

/** The keys the main process stores the session under (part 1 §9). */
export const STORE_KEYS = {
  authToken: 'auth_token',
  currentOrganizationId: 'currentOrganizationId',
  theme: 'theme',
} as const;

export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'auto';

/** The theme toggle cycles light → dark → auto → light (part 1 §2). */
export function nextTheme(theme: Theme): Theme {
  const i = THEMES.indexOf(theme);
  return THEMES[(i + 1) % THEMES.length] ?? DEFAULT_THEME;
}

/** Header date range select (part 1 §2). */
export const DATE_RANGES = [
  { value: '7d', label: 'Last 7 Days' },
  { value: '30d', label: 'Last 30 Days' },
  { value: 'quarter', label: 'Last Quarter' },
  { value: 'ytd', label: 'Year to Date' },
] as const;
export type DateRange = (typeof DATE_RANGES)[number]['value'];

/** Defaults of the header user block (part 1 §2). */
export const DEFAULT_USER_NAME = 'Admin User';
export const DEFAULT_USER_ROLE_LABEL = 'System Administrator';

/** Default port of the browser host (`npm run web`). */
export const BROWSER_HOST_DEFAULT_PORT = 5180;

/** Sample session timeout of the settings screen (part 2 §9), used as the token lifetime. */
export const DEFAULT_SESSION_TIMEOUT_MINUTES = 480;

/** JWT issuer and audience of the console's server. */
export const TOKEN_ISSUER = 'ops-console';
export const TOKEN_AUDIENCE = 'ops-console-api';

/**
 * The header carrying the embedded server's per-launch secret: the main process that started the server
 * adds it to each of its requests, and the server refuses a request without it (issue 25).
 */
export const LAUNCH_SECRET_HEADER = 'x-console-launch-secret';

/**
 * Where a test build's browser host answers a reset (POST, the launch key in `?key=`): only when started
 * with CONSOLE_TEST_RESET_FROM (main/browser/test-reset.ts); the desktop app has no such route.
 */
export const TEST_RESET_PATH = '/host/test-reset';
