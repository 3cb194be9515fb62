import type { AlertPriority } from '../../../shared/alerts';

/** A desktop notification the main process raises (critical and high alerts). */
export interface DesktopNotification {
  title: string;
  body: string;
  priority: AlertPriority;
}

/**
 * Desktop notifications, behind an interface so that main/core decides when and the host only shows:
 * Electron's `Notification` in the desktop app; recorded (and a browser Notification where allowed) in
 * the browser host.
 */
export interface Notifier {
  notify(notification: DesktopNotification): void;
}

/** The tray: shows how many alerts are undismissed. Electron's `Tray`; recorded in the browser host. */
export interface Tray {
  setAlertCount(count: number): void;
}

/** For hosts (and tests) without either. */
export const silentNotifier: Notifier = { notify: () => {} };
export const noTray: Tray = { setAlertCount: () => {} };
