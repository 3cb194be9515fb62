import { randomBytes } from 'node:crypto';
import type { SaveDialog, SaveProgress, SaveSource } from '../core/save/save-dialog';

/** How long the page has to start a download it was handed. */
export const DOWNLOAD_TTL_MS = 5 * 60_000;
export const DOWNLOAD_PATH_PREFIX = '/downloads/';

export interface PendingDownload {
  source: SaveSource;
  onProgress: SaveProgress;
}

export interface BrowserDownloads extends SaveDialog {
  /** The download of this id, once: a second request, or one after the TTL, finds nothing. */
  take(id: string): PendingDownload | undefined;
}

/**
 * The browser host's SaveDialog: a file to save becomes a download for the page. The host keeps the
 * source (text, or the way to open an export's stream) under a one-time random id; the page opens
 * /downloads/<id> (behind the same cookie guard as the bridge) and the browser saves it as it would any
 * download. The page never names a path, and nothing is written on the host.
 */
export function createBrowserDownloads(now: () => number = Date.now): BrowserDownloads {
  const pending = new Map<string, PendingDownload & { expiresAt: number }>();
  const sweep = () => {
    for (const [id, entry] of pending) if (entry.expiresAt <= now()) pending.delete(id);
  };
  return {
    async save(source, onProgress) {
      sweep();
      const id = randomBytes(24).toString('base64url');
      pending.set(id, { source, onProgress, expiresAt: now() + DOWNLOAD_TTL_MS });
      return { status: 'download', url: `${DOWNLOAD_PATH_PREFIX}${id}`, fileName: source.fileName };
    },
    take(id) {
      sweep();
      const entry = pending.get(id);
      pending.delete(id);
      return entry;
    },
  };
}
