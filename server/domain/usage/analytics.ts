import {
  ANALYTICS_RANGES,
  FEATURES,
  type AnalyticsRange,
  type DeviceShare,
  type EngagementMetric,
  type UserAnalytics,
} from '../../../shared/api/usage';
import { DAY_MS, isoDay, startOfUtcDay } from '../business/formulas';
import { buildSessions, type SessionEvent, type UsageSession } from './sessions';

/** A stored event as the figures read it. */
export interface AnalyticsEvent extends SessionEvent {
  feature: string | null;
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
  events: readonly AnalyticsEvent[];
}

function split(
  sessions: readonly UsageSession[],
  events: readonly AnalyticsEvent[],
  from: number,
  to: number,
): Period {
  return {
    sessions: sessions.filter((s) => s.start >= from && s.start <= to),
    events: events.filter((e) => e.at >= from && e.at <= to),
  };
}

const users = (sessions: readonly UsageSession[]) => new Set(sessions.map((s) => s.userId)).size;
const pageViews = (events: readonly AnalyticsEvent[]) => events.filter((e) => e.kind === 'page_view').length;
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
    pagesPerSession: round1(ratio(pageViews(p.events), p.sessions.length)),
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

function featuresOf(current: Period, previous: Period): UserAnalytics['features'] {
  const allUsers = users(current.sessions);
  return FEATURES.map(({ id, label }) => {
    const uses = current.events.filter((e) => e.kind === 'feature' && e.feature === id);
    const before = previous.events.filter((e) => e.kind === 'feature' && e.feature === id).length;
    const featureUsers = new Set(uses.map((e) => e.userId)).size;
    return {
      feature: label,
      usage: round1(ratio(featureUsers, allUsers) * 100),
      users: featureUsers,
      growth: percentChange(uses.length, before),
    };
  }).sort((a, b) => b.usage - a.usage || a.feature.localeCompare(b.feature));
}

/**
 * Every figure of User Analytics from the events of the window (its range and the one before):
 * sessions are built once and attributed to the UTC day they started; page views and feature uses count
 * on the day they happened.
 */
export function analyticsOf(
  range: AnalyticsRange,
  window: RangeWindow,
  events: readonly AnalyticsEvent[],
): UserAnalytics {
  const sessions = buildSessions(events);
  const current = split(sessions, events, window.from, window.to);
  const previous = split(sessions, events, window.previousFrom, window.from - 1);

  // Each day's sessions and events, in one pass over the range.
  const days = Array.from({ length: window.days }, () => ({
    sessions: [] as UsageSession[],
    events: [] as AnalyticsEvent[],
  }));
  const dayOf = (at: number) => days[Math.floor((at - window.from) / DAY_MS)];
  for (const s of current.sessions) dayOf(s.start)?.sessions.push(s);
  for (const e of current.events) if (e.kind === 'page_view') dayOf(e.at)?.events.push(e);

  const trend = days.map((day, i) => {
    const dayStart = window.from + i * DAY_MS;
    return {
      date: isoDay(dayStart),
      sessions: day.sessions.length,
      users: users(day.sessions),
      pageViews: pageViews(day.events),
      avgSessionDuration: averageSeconds(day.sessions),
      bounceRate: bounceRate(day.sessions),
    };
  });

  return {
    range,
    from: isoDay(window.from),
    to: isoDay(window.to),
    kpis: {
      totalSessions: current.sessions.length,
      uniqueUsers: users(current.sessions),
      pageViews: pageViews(current.events),
      avgSessionDuration: averageSeconds(current.sessions),
    },
    trend,
    engagement: engagementOf(current, previous, window.days),
    devices: shares(current.sessions, (s) => `${HOST_LABELS[s.host] ?? s.host} · ${OS_LABELS[s.os] ?? s.os}`),
    screens: shares(current.sessions, (s) => SCREEN_LABELS[s.screen] ?? s.screen),
    features: featuresOf(current, previous),
  };
}
