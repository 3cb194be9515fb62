import { z } from 'zod';

/** The alert banner of part 1 §2 and its constants of §9, shared by server, main and renderer. */
export const BANNER_ALERT_TYPES = [
  'success',
  'revenue',
  'customer',
  'warning',
  'error',
  'system',
  'security',
  'info',
] as const;
export type BannerAlertType = (typeof BANNER_ALERT_TYPES)[number];

export const ALERT_PRIORITIES = ['critical', 'high', 'medium', 'low'] as const;
export type AlertPriority = (typeof ALERT_PRIORITIES)[number];

export const ALERT_CATEGORIES = ['business', 'customer', 'technical', 'security'] as const;
export type AlertCategory = (typeof ALERT_CATEGORIES)[number];

/** The banner's filter: every category, or one. */
export const ALERT_FILTERS = ['all', ...ALERT_CATEGORIES] as const;
export type AlertFilter = (typeof ALERT_FILTERS)[number];

export const BANNER = {
  /** The list keeps the 20 newest alerts. */
  maxKept: 20,
  /** The expanded banner shows at most 3. */
  maxExpanded: 3,
  /** Rotation period when more than one alert is undismissed. */
  rotateMs: 8_000,
  fadeMs: 150,
} as const;

/** The demonstration alerts of demo mode (part 1 §2, §9). */
export const DEMO_ALERTS = {
  seededIntervalMs: 2_000,
  randomIntervalMs: 30_000,
  randomChance: 0.2,
} as const;

export const alertMetadata = z.object({
  value: z.union([z.number(), z.string().max(100)]).optional(),
  /** Percent change. */
  change: z.number().optional(),
});
export type AlertMetadata = z.infer<typeof alertMetadata>;

/** An alert as the server stores and streams it. */
export const streamedAlert = z.object({
  id: z.string(),
  title: z.string().min(1).max(200),
  message: z.string().max(1000),
  type: z.enum(BANNER_ALERT_TYPES),
  priority: z.enum(ALERT_PRIORITIES),
  category: z.enum(ALERT_CATEGORIES),
  metadata: alertMetadata,
  /** ISO 8601. */
  timestamp: z.string(),
});
export type StreamedAlert = z.infer<typeof streamedAlert>;

/** The banner alert of part 1 §3: the streamed alert plus whether this console dismissed it. */
export const bannerAlert = streamedAlert.extend({ dismissed: z.boolean() });
export type BannerAlert = z.infer<typeof bannerAlert>;

/** Server-Sent Event names of the alert stream: a replay of recent alerts on connect, then new ones. */
export const ALERT_STREAM_EVENTS = { recent: 'recent', alert: 'alert' } as const;

/** Adds (or replaces, by id) an alert and keeps the newest `BANNER.maxKept`, newest first. */
export function keepNewest<T extends StreamedAlert>(list: readonly T[], alert: T): T[] {
  const merged = [alert, ...list.filter((a) => a.id !== alert.id)];
  merged.sort((a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp));
  return merged.slice(0, BANNER.maxKept);
}

export function undismissed(list: readonly BannerAlert[]): BannerAlert[] {
  return list.filter((a) => !a.dismissed);
}

export function byFilter<T extends StreamedAlert>(list: readonly T[], filter: AlertFilter): T[] {
  return filter === 'all' ? [...list] : list.filter((a) => a.category === filter);
}

/** The banner's index wraps around both ways; 0 for an empty list. */
export function wrapIndex(index: number, length: number): number {
  if (length <= 0) return 0;
  return ((index % length) + length) % length;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "Just now", "{n}m ago", "{n}h ago", "{n}d ago" (part 1 §2). A future time is "Just now". */
export function timeLabel(timestamp: string, now: number): string {
  const elapsed = now - Date.parse(timestamp);
  if (!(elapsed >= MINUTE)) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

/** Critical and high alerts raise a desktop notification. */
export function needsNotification(alert: Pick<StreamedAlert, 'priority'>): boolean {
  return alert.priority === 'critical' || alert.priority === 'high';
}
