import {
  keepNewest,
  needsNotification,
  undismissed,
  type BannerAlert,
  type StreamedAlert,
} from '../../../shared/alerts';
import type { BridgeEventBus } from '../bridge/events';
import type { Logger } from '../logger';
import type { KeyValue } from '../store/key-value';
import type { Notifier, Tray } from './shell';

/** Where the ids of dismissed alerts are kept, so a restart does not bring them back. */
export const DISMISSED_KEY = 'dismissedAlerts';
/** More than the banner keeps (20): an id must outlive its alert's stay in the list. */
const DISMISSED_KEPT = 200;

/**
 * The banner's alerts as the main process holds them for every window: the 20 newest, each with its
 * dismissed flag. Every change goes to the renderers ('alerts:changed') and to the tray (the count of
 * undismissed ones); a new critical or high alert raises a desktop notification.
 */
export interface AlertFeed {
  list(): BannerAlert[];
  /** `live`: it happened while this console listened (a replay of earlier ones notifies nobody). */
  receive(alert: StreamedAlert, live: boolean): void;
  dismiss(id: string): BannerAlert[];
  /** Sign-out: the next user starts from the server's replay. */
  clear(): void;
}

export interface AlertFeedOptions {
  events: BridgeEventBus;
  notifier: Notifier;
  tray: Tray;
  kv: KeyValue;
  logger: Logger;
}

export function createAlertFeed({ events, notifier, tray, kv, logger }: AlertFeedOptions): AlertFeed {
  let alerts: BannerAlert[] = [];
  const dismissed = readDismissed(kv, logger);

  const changed = () => {
    events.emit('alerts:changed', { alerts });
    tray.setAlertCount(undismissed(alerts).length);
  };

  return {
    list: () => alerts,
    receive(alert, live) {
      if (alerts.some((a) => a.id === alert.id)) return;
      const kept = keepNewest(alerts, { ...alert, dismissed: dismissed.includes(alert.id) });
      // Older than the 20 newest: not shown, not announced.
      if (!kept.some((a) => a.id === alert.id)) return;
      alerts = kept;
      changed();
      if (live && needsNotification(alert) && !dismissed.includes(alert.id)) {
        notifier.notify({ title: alert.title, body: alert.message, priority: alert.priority });
      }
    },
    dismiss(id) {
      if (!dismissed.includes(id)) {
        dismissed.push(id);
        dismissed.splice(0, Math.max(0, dismissed.length - DISMISSED_KEPT));
        kv.set(DISMISSED_KEY, JSON.stringify(dismissed));
      }
      alerts = alerts.map((a) => (a.id === id ? { ...a, dismissed: true } : a));
      changed();
      return alerts;
    },
    clear() {
      if (alerts.length === 0) return;
      alerts = [];
      changed();
    },
  };
}

function readDismissed(kv: KeyValue, logger: Logger): string[] {
  const stored = kv.get(DISMISSED_KEY);
  if (stored === undefined) return [];
  try {
    const parsed: unknown = JSON.parse(String(stored));
    if (Array.isArray(parsed)) return parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    // Reported below.
  }
  logger.warn('The stored list of dismissed alerts was unreadable; it starts empty');
  kv.delete(DISMISSED_KEY);
  return [];
}
