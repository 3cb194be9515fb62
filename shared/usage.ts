/**
 * Console usage (issue 11), the part without zod: the ranges, the feature list, the event vocabulary and
 * the limits, which the renderer's tracker needs on the sign-in screen's path (zod stays out of it).
 * shared/api/usage.ts builds the contract's schemas from these.
 */

/** The User Analytics ranges (part 2 §2), in days. */
export const ANALYTICS_RANGES = [
  { value: '7d', label: 'Last 7 Days', days: 7 },
  { value: '30d', label: 'Last 30 Days', days: 30 },
  { value: '90d', label: 'Last 90 Days', days: 90 },
] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number]['value'];
export const RANGE_VALUES = ANALYTICS_RANGES.map((r) => r.value) as [AnalyticsRange, ...AnalyticsRange[]];

/** The features whose use is counted: a fixed list, so a name can never carry typed data. */
export const FEATURES = [
  { id: 'export', label: 'Data Export' },
  { id: 'filter', label: 'Filters & Search' },
  { id: 'theme_switch', label: 'Theme Switch' },
  { id: 'organization_switch', label: 'Organization Switch' },
  { id: 'date_range', label: 'Date Range' },
  { id: 'alert_dismiss', label: 'Alert Dismissal' },
  { id: 'cost_import', label: 'Cost Import' },
  { id: 'role_change', label: 'Role Changes' },
  { id: 'member_invite', label: 'Member Invites' },
  { id: 'integrity_check', label: 'Audit Integrity Check' },
] as const;
export type FeatureId = (typeof FEATURES)[number]['id'];
export const FEATURE_IDS = FEATURES.map((f) => f.id) as [FeatureId, ...FeatureId[]];

export const USAGE_KINDS = ['page_view', 'session_start', 'heartbeat', 'session_end', 'feature'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export const USAGE_HOSTS = ['electron', 'browser'] as const;
export const USAGE_OS = ['windows', 'macos', 'linux', 'other'] as const;
/** The window's width class: under 768 px small, under 1280 px medium, else large. */
export const SCREEN_CLASSES = ['small', 'medium', 'large'] as const;
export type ScreenClass = (typeof SCREEN_CLASSES)[number];

export function screenClassOf(width: number): ScreenClass {
  if (width < 768) return 'small';
  if (width < 1280) return 'medium';
  return 'large';
}

/** Limits of ingestion: a batch, and what one user may send in a minute before the rest is refused. */
export const USAGE_LIMITS = {
  batchEvents: 100,
  eventsPerMinute: 240,
  /** An event is refused when its time is further than this from the server's clock. */
  maxAgeMs: 24 * 60 * 60_000,
  maxFutureMs: 5 * 60_000,
} as const;
