import type { DesktopNotification, Notifier, Tray } from '../core/alerts/shell';
import type { BridgeEventBus } from '../core/bridge/events';

/** Where the browser host answers what its stand-in tray and notifier recorded (cookie-guarded, GET). */
export const SHELL_RECORD_PATH = '/host/shell';

export interface ShellRecord {
  notifications: (DesktopNotification & { at: string })[];
  /** The tray's count of undismissed alerts, as the desktop app would show it. */
  trayCount: number;
}

/**
 * The browser host has no tray and no desktop notifications of its own: it records what the desktop
 * app would show (for the user's eyes in the page and for tests), and passes each notification to the
 * page, which shows a browser Notification where the user allowed them.
 */
export interface RecordingShell {
  notifier: Notifier;
  tray: Tray;
  /** The page's channel; notifications before it is connected are recorded only. */
  connect(events: BridgeEventBus): void;
  record(): ShellRecord;
}

/** Recorded notifications kept (the oldest go first). */
const KEPT = 100;

export function createRecordingShell(now: () => Date = () => new Date()): RecordingShell {
  const notifications: ShellRecord['notifications'] = [];
  let trayCount = 0;
  let events: BridgeEventBus | undefined;
  return {
    notifier: {
      notify(notification) {
        notifications.push({ ...notification, at: now().toISOString() });
        notifications.splice(0, Math.max(0, notifications.length - KEPT));
        events?.emit('alerts:notification', notification);
      },
    },
    tray: {
      setAlertCount(count) {
        trayCount = count;
      },
    },
    connect(bus) {
      events = bus;
    },
    record: () => ({ notifications: [...notifications], trayCount }),
  };
}
