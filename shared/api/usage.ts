import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * Console usage (issue 11): the console's own usage events, recorded per signed-in user, and the User
 * Analytics screen (part 2 §2) computed from them. No data the user typed is ever part of an event: a
 * page view carries the route's path only, a feature its name from FEATURES.
 */

import { FEATURE_IDS, RANGE_VALUES, USAGE_HOSTS, USAGE_LIMITS, USAGE_OS, SCREEN_CLASSES } from '../usage';

export * from '../usage';

/**
 * A route path as the router knows it: segments of letters, digits, `-` and `_` (ids included); never a
 * query string or a fragment.
 */
export const routePath = z
  .string()
  .max(200)
  .regex(/^\/[A-Za-z0-9_-]*(?:\/[A-Za-z0-9_-]+)*$/, 'A route path, without query string');

/** One event as the renderer makes it; the main process adds the host and the OS. */
export const usageEventInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('page_view'), at: z.iso.datetime(), path: routePath }).strict(),
  z.object({ kind: z.literal('feature'), at: z.iso.datetime(), feature: z.enum(FEATURE_IDS) }).strict(),
  z.object({ kind: z.enum(['session_start', 'heartbeat', 'session_end']), at: z.iso.datetime() }).strict(),
]);
export type UsageEventInput = z.infer<typeof usageEventInput>;

/** The renderer's batch: its window session, screen class and events. */
export const usageBatchInput = z
  .object({
    /** Made by the renderer for each sign-in of a window; the server splits it further on inactivity. */
    sessionId: z.uuid(),
    screen: z.enum(SCREEN_CLASSES),
    events: z.array(usageEventInput).min(1).max(USAGE_LIMITS.batchEvents),
  })
  .strict();
export type UsageBatchInput = z.infer<typeof usageBatchInput>;

/** What the server receives: the batch with the host and OS the main process added. */
export const usageBatch = usageBatchInput
  .extend({ host: z.enum(USAGE_HOSTS), os: z.enum(USAGE_OS) })
  .strict();
export type UsageBatch = z.infer<typeof usageBatch>;

export const analyticsQuery = z.object({
  range: z.enum(RANGE_VALUES, { error: 'The range must be one of 7d, 30d or 90d' }).default('7d'),
});

/** One day of the traffic trend (part 2 §3's analytics daily point). */
export const analyticsDay = z.object({
  date: z.string(),
  sessions: z.number().int(),
  users: z.number().int(),
  pageViews: z.number().int(),
  /** Seconds. */
  avgSessionDuration: z.number(),
  /** Percent. */
  bounceRate: z.number(),
});
export type AnalyticsDay = z.infer<typeof analyticsDay>;

export const engagementMetric = z.object({
  metric: z.string(),
  current: z.number(),
  previous: z.number(),
  /** Percent; null when the previous value is 0. */
  change: z.number().nullable(),
  unit: z.string(),
});
export type EngagementMetric = z.infer<typeof engagementMetric>;

export const deviceShare = z.object({
  device: z.string(),
  percentage: z.number(),
  sessions: z.number().int(),
});
export type DeviceShare = z.infer<typeof deviceShare>;

export const featureUsage = z.object({
  feature: z.string(),
  /** Percent of the range's users who used it. */
  usage: z.number(),
  users: z.number().int(),
  /** Percent change of its uses against the previous range; null when it had none then. */
  growth: z.number().nullable(),
});
export type FeatureUsage = z.infer<typeof featureUsage>;

export const userAnalytics = z.object({
  range: z.enum(RANGE_VALUES),
  from: z.string(),
  to: z.string(),
  kpis: z.object({
    totalSessions: z.number().int(),
    uniqueUsers: z.number().int(),
    pageViews: z.number().int(),
    /** Seconds. */
    avgSessionDuration: z.number(),
  }),
  trend: z.array(analyticsDay),
  engagement: z.array(engagementMetric),
  devices: z.array(deviceShare),
  screens: z.array(deviceShare),
  features: z.array(featureUsage),
});
export type UserAnalytics = z.infer<typeof userAnalytics>;

export const usageEndpoints = {
  recordEvents: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/usage/events',
    summary: "Record a batch of the console's usage events for the signed-in user",
    body: usageBatch,
    data: z.object({ stored: z.number().int() }),
    auth: 'token',
    audit: {
      exempt:
        'usage events are telemetry about the console, not a change to the platform; a record per batch would bury the trail',
    },
  }),
  analytics: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/analytics/usage',
    summary: 'User Analytics: sessions, users, page views, engagement, devices and feature usage',
    query: analyticsQuery,
    data: userAnalytics,
    auth: 'token',
    permission: 'analytics.view_platform',
  }),
} as const;

/** How each figure of User Analytics is computed, shown in its info popover. */
export const USAGE_DEFINITIONS = {
  totalSessions:
    'Sessions started in the range. A session is one console window of one signed-in user; it ends after 30 minutes without any event (page view, feature, or the heartbeat sent each minute while the window is focused) or at sign-out.',
  uniqueUsers: 'Distinct signed-in users with at least one session in the range.',
  pageViews: 'Screens opened in the range (route changes; the path only, never query strings).',
  avgSessionDuration:
    "Average time from a session's first event to its last, heartbeats included, over the sessions of the range.",
  trend: 'Per UTC day: sessions started, distinct users with a session, and page views.',
  engagement:
    'This range against the range of the same length just before it. Bounce: a session with one page view that lasted under 10 seconds.',
  devices: 'Sessions by where the console ran (desktop app or browser) and the operating system.',
  features:
    'Usage: users who used the feature ÷ users in the range. Growth: uses in the range against the range before. Badge green at 15 % or more, yellow at 10 % or more, otherwise grey.',
} as const;
