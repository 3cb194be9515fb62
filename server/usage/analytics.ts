import {
  ANALYTICS_RANGES,
  FEATURES,
  type AnalyticsRange,
  type DeviceShare,
  type EngagementMetric,
  type UserAnalytics,
} from '../../shared/api/usage';
import { DAY_MS, isoDay, startOfUtcDay } from '../business/formulas';
import type { UsageSession } from './sessions';

/** What User Analytics reads of the events of a range and the one before it. */
export interface UsageFigures {
  /** The sessions that started in either period. */
  sessions: readonly UsageSession[];
  /** Page views per day, by the day's index from the range's first (the period before: negative). */
  pageViewsByDay: ReadonlyMap<number, number>;
  /** Per feature id: its uses and users in the range, and its uses in the period before. */
  features: ReadonlyMap<string, { uses: number; users: number; previousUses: number }>;
}

export interface RangeWindow {
  /** The range: whole UTC days back from today's, up to now. */
  from: number;
  to: number;
  /** The range of the same length just before it, for the comparisons. */
  previousFrom: number;
  days: number;
}

export function rangeWindow(range: AnalyticsRange, now: number): RangeWindow {
  const days = ANALYTICS_RANGES.find((r) => r.value === range)?.days ?? 7;
  const from = startOfUtcDay(now) - (days - 1) * DAY_MS;
  return { from, to: now, previousFrom: from - days * DAY_MS, days };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const percentChange = (current: number, previous: number) =>
  previous === 0 ? null : round1(((current - previous) / previous) * 100);

interface Period {
  sessions: readonly UsageSession[];
  pageViews: number;
}

const users = (sessions: readonly UsageSession[]) => new Set(sessions.map((s) => s.userId)).size;
const averageSeconds = (sessions: readonly UsageSession[]) =>
  round1(
    ratio(
      sessions.reduce((sum, s) => sum + s.durationMs, 0),
      sessions.length,
    ) / 1000,
  );
const bounceRate = (sessions: readonly UsageSession[]) =>
  round1(ratio(sessions.filter((s) => s.bounce).length, sessions.length) * 100);

function dailyActiveUsers(sessions: readonly UsageSession[], days: number): number {
  const pairs = new Set(sessions.map((s) => `${isoDay(s.start)}|${s.userId}`));
  return round1(pairs.size / days);
}

function engagementOf(current: Period, previous: Period, days: number): EngagementMetric[] {
  const figures = (p: Period) => ({
    pagesPerSession: round1(ratio(p.pageViews, p.sessions.length)),
    duration: averageSeconds(p.sessions),
    bounce: bounceRate(p.sessions),
    sessionsPerUser: round1(ratio(p.sessions.length, users(p.sessions))),
    dau: dailyActiveUsers(p.sessions, days),
  });
  const now = figures(current);
  const before = figures(previous);
  const metric = (name: string, key: keyof typeof now, unit: string): EngagementMetric => ({
    metric: name,
    current: now[key],
    previous: before[key],
    change: percentChange(now[key], before[key]),
    unit,
  });
  return [
    metric('Pages per Session', 'pagesPerSession', 'pages'),
    metric('Average Session Duration', 'duration', 's'),
    metric('Bounce Rate', 'bounce', '%'),
    metric('Sessions per User', 'sessionsPerUser', 'sessions'),
    metric('Daily Active Users', 'dau', 'users'),
  ];
}

const HOST_LABELS: Record<string, string> = { electron: 'Desktop app', browser: 'Browser' };
const OS_LABELS: Record<string, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  other: 'Other',
};
const SCREEN_LABELS: Record<string, string> = {
  large: 'Large screen (1280 px and wider)',
  medium: 'Medium screen (768–1279 px)',
  small: 'Small screen (under 768 px)',
};

function shares(sessions: readonly UsageSession[], label: (s: UsageSession) => string): DeviceShare[] {
  const counts = new Map<string, number>();
  for (const s of sessions) counts.set(label(s), (counts.get(label(s)) ?? 0) + 1);
  return [...counts]
    .map(([device, count]) => ({
      device,
      sessions: count,
      percentage: round1(ratio(count, sessions.length) * 100),
    }))
    .sort((a, b) => b.sessions - a.sessions || a.device.localeCompare(b.device));
}

function featuresOf(current: Period, features: UsageFigures['features']): UserAnalytics['features'] {
  const allUsers = users(current.sessions);
  return FEATURES.map(({ id, label }) => {
    const figures = features.get(id) ?? { uses: 0, users: 0, previousUses: 0 };
    return {
      feature: label,
      usage: round1(ratio(figures.users, allUsers) * 100),
      users: figures.users,
      growth: percentChange(figures.uses, figures.previousUses),
    };
  }).sort((a, b) => b.usage - a.usage || a.feature.localeCompare(b.feature));
}

/**
 * Every figure of User Analytics from the sessions and event counts of the window (its range and the one
 * before): sessions are attributed to the UTC day they started; page views and feature uses count on the
 * day they happened.
 */
export function analyticsOf(
  range: AnalyticsRange,
  window: RangeWindow,
  figures: UsageFigures,
): UserAnalytics {
  const inPeriod = (from: number, to: number) =>
    figures.sessions.filter((s) => s.start >= from && s.start <= to);
  let pageViews = 0;
  let previousPageViews = 0;
  for (const [day, n] of figures.pageViewsByDay) {
    if (day >= 0) pageViews += n;
    else previousPageViews += n;
  }
  const current: Period = { sessions: inPeriod(window.from, window.to), pageViews };
  const previous: Period = {
    sessions: inPeriod(window.previousFrom, window.from - 1),
    pageViews: previousPageViews,
  };

  const days = Array.from({ length: window.days }, () => [] as UsageSession[]);
  for (const s of current.sessions) days[Math.floor((s.start - window.from) / DAY_MS)]?.push(s);

  const trend = days.map((sessions, i) => ({
    date: isoDay(window.from + i * DAY_MS),
    sessions: sessions.length,
    users: users(sessions),
    pageViews: figures.pageViewsByDay.get(i) ?? 0,
    avgSessionDuration: averageSeconds(sessions),
    bounceRate: bounceRate(sessions),
  }));

  return {
    range,
    from: isoDay(window.from),
    to: isoDay(window.to),
    kpis: {
      totalSessions: current.sessions.length,
      uniqueUsers: users(current.sessions),
      pageViews: current.pageViews,
      avgSessionDuration: averageSeconds(current.sessions),
    },
    trend,
    engagement: engagementOf(current, previous, window.days),
    devices: shares(current.sessions, (s) => `${HOST_LABELS[s.host] ?? s.host} · ${OS_LABELS[s.os] ?? s.os}`),
    screens: shares(current.sessions, (s) => SCREEN_LABELS[s.screen] ?? s.screen),
    features: featuresOf(current, figures.features),
  };
}
