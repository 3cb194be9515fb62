import { app, session, shell, type WebContents } from 'electron';
import type { Logger } from '../core/logger';
import { withContentSecurityPolicy } from '../core/security/csp';
import {
  allowPermissionCheck,
  allowPermissionRequest,
  shouldAllowNavigation,
  windowOpenDecision,
} from '../core/security/navigation';

/**
 * Applies the pure policies of main/core/security to Electron: CSP on every response of the
 * session, every permission refused, navigation only within our document, no new windows (an
 * allowlisted https link goes to the OS browser), no <webview>. Call before the first window.
 */
export function hardenSession(
  rendererIndexUrl: string,
  externalHosts: readonly string[],
  logger: Logger,
): void {
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders) });
  });
  ses.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(allowPermissionRequest(permission)),
  );
  ses.setPermissionCheckHandler((_contents, permission) => allowPermissionCheck(permission));

  app.on('web-contents-created', (_event, contents) =>
    guardContents(contents, rendererIndexUrl, externalHosts, logger),
  );
}

function guardContents(
  contents: WebContents,
  rendererIndexUrl: string,
  externalHosts: readonly string[],
  logger: Logger,
): void {
  contents.on('will-navigate', (event) => {
    if (shouldAllowNavigation(event.url, rendererIndexUrl)) return;
    event.preventDefault();
    logger.warn(`Blocked navigation to ${safeForLog(event.url)}`);
  });
  contents.on('will-redirect', (event) => {
    if (shouldAllowNavigation(event.url, rendererIndexUrl)) return;
    event.preventDefault();
    logger.warn(`Blocked redirect to ${safeForLog(event.url)}`);
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
    logger.warn('Blocked a <webview>');
  });
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url, externalHosts);
    if (decision.openExternal) {
      shell
        .openExternal(decision.openExternal)
        .catch((error: unknown) => logger.error('Opening an external link failed', error));
    } else {
      logger.warn(`Blocked a new window for ${safeForLog(url)}`);
    }
    return { action: decision.action };
  });
}

/** Origin and path only: a query string may carry something private. */
function safeForLog(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
  } catch {
    return '(malformed address)';
  }
}
