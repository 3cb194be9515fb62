import { Notification, Tray as ElectronTray, nativeImage } from 'electron';
import type { Notifier, Tray } from '../core/alerts/shell';

const PRODUCT = 'Operations Console';
/** A 16 px dot: the tray needs a bitmap, and one this small is not worth a file in the package. */
const TRAY_ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAN0lEQVR42mNgoAVQTX79HxumSDNRhhDSjNcQYjVjNYRUzRiGjBpABQMojkaqJCSqJGWqZCZSAQAcdn2IzbpOsAAAAABJRU5ErkJggg==';

/** Electron's Notification for critical and high alerts (main/core decides which). */
export function createElectronNotifier(): Notifier {
  return {
    notify({ title, body, priority }) {
      if (!Notification.isSupported()) return;
      new Notification({ title, body, urgency: priority === 'critical' ? 'critical' : 'normal' }).show();
    },
  };
}

/** The tray icon; its tooltip (and title, on macOS) show the count of undismissed alerts. */
export function createElectronTray(onClick: () => void): Tray & { destroy(): void } {
  let tray: ElectronTray | undefined;
  return {
    setAlertCount(count) {
      tray ??= createTray(onClick);
      const text = count === 1 ? '1 undismissed alert' : `${count} undismissed alerts`;
      tray.setToolTip(`${PRODUCT}: ${text}`);
      if (process.platform === 'darwin') tray.setTitle(count > 0 ? String(count) : '');
    },
    destroy() {
      tray?.destroy();
      tray = undefined;
    },
  };
}

function createTray(onClick: () => void): ElectronTray {
  const tray = new ElectronTray(nativeImage.createFromDataURL(TRAY_ICON));
  tray.on('click', onClick);
  return tray;
}
