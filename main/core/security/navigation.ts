/**
 * Navigation policies of the Electron window, as pure functions (tested without Electron).
 * The window shows one document, our renderer's index.html; the app routes inside it by hash.
 */

/** Whether `url` is our renderer document (same file; query and hash may differ). */
export function isRendererUrl(url: string, rendererIndexUrl: string): boolean {
  const target = parse(url);
  const renderer = parse(rendererIndexUrl);
  if (!target || !renderer) return false;
  return (
    target.protocol === renderer.protocol &&
    target.host === renderer.host &&
    target.username === '' &&
    target.password === '' &&
    decodeURIComponent(target.pathname) === decodeURIComponent(renderer.pathname)
  );
}

/** `will-navigate` / `will-redirect`: allowed only back to our own document (a reload of a route). */
export function shouldAllowNavigation(url: string, rendererIndexUrl: string): boolean {
  return isRendererUrl(url, rendererIndexUrl);
}

/** The sender of an IPC message, as the check needs it. */
export interface SenderFrame {
  url: string;
  /** True for the top frame of the window (no parent). */
  isMainFrame: boolean;
}

/** IPC sender check: the main frame of our window, showing our renderer. Never an iframe. */
export function isTrustedSenderFrame(
  frame: SenderFrame | null | undefined,
  rendererIndexUrl: string,
): boolean {
  return !!frame && frame.isMainFrame && isRendererUrl(frame.url, rendererIndexUrl);
}

/**
 * Hosts whose https links may open in the OS browser. Empty by default: the console links nowhere
 * outside itself yet. CONSOLE_EXTERNAL_LINK_HOSTS (comma-separated) adds hosts.
 */
export function externalLinkHosts(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  return (env.CONSOLE_EXTERNAL_LINK_HOSTS ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter((host) => host.length > 0);
}

/** The address to hand to `shell.openExternal`, or null: https only, no credentials, allowlisted host. */
export function externalUrlToOpen(url: string, allowedHosts: readonly string[]): string | null {
  const target = parse(url);
  if (!target || target.protocol !== 'https:') return null;
  if (target.username !== '' || target.password !== '') return null;
  if (target.port !== '') return null;
  return allowedHosts.includes(target.hostname.toLowerCase()) ? target.href : null;
}

/** `setWindowOpenHandler`: never a new Electron window; maybe an allowlisted page in the OS browser. */
export function windowOpenDecision(
  url: string,
  allowedHosts: readonly string[],
): { action: 'deny'; openExternal: string | null } {
  return { action: 'deny', openExternal: externalUrlToOpen(url, allowedHosts) };
}

/** Permission requests (camera, notifications, geolocation…) and checks: all refused. */
export function allowPermissionRequest(_permission: string): boolean {
  return false;
}
export function allowPermissionCheck(_permission: string): boolean {
  return false;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}
