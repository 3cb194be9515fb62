/** What the User Analytics screen says (part 2 §2, §9), in one place. */
export const ANALYTICS_TEXTS = {
  /** A load failure is only logged, with this text (part 2 §8). */
  loadFailed: 'Failed to load analytics data',
  description:
    'How the console is used: sessions, unique users, page views, engagement, devices and feature usage.',
  timeRange: 'Time range',
  loading: 'Loading analytics',
  kpis: {
    totalSessions: 'Total Sessions',
    uniqueUsers: 'Unique Users',
    pageViews: 'Page Views',
    avgSessionDuration: 'Avg. Session Duration',
  },
  /** The cards' titles, also their definitions' names. */
  cards: {
    trend: 'Traffic Trend',
    engagement: 'Engagement Metrics',
    devices: 'Device Breakdown',
    features: 'Feature Usage',
  },
  /** The traffic chart: its text alternative's name and columns, and its lines (the legend). */
  traffic: {
    summary: 'Traffic by day',
    date: 'Date',
    lines: {
      sessions: 'Sessions',
      users: 'Users',
      pageViews: 'Page Views',
    },
  },
  /** An engagement metric's value in the range before, and the change. */
  engagement: {
    previous: (previous: string, change: string) => `previous ${previous} · change ${change}`,
  },
  /** Sessions by host and OS, and by screen size class. */
  devices: {
    hostAndSystem: 'Host and system',
    screenSize: 'Screen size',
    empty: 'No sessions in this range.',
    share: (percentage: number, sessions: string) => `${percentage}% · ${sessions} sessions`,
  },
  /** A feature's card: its growth badge says the colour's meaning in words, never by colour alone. */
  features: {
    growth: {
      green: 'strong growth',
      yellow: 'moderate growth',
      grey: 'low growth',
    },
    users: (users: number, shown: string) => `of users · ${shown} ${users === 1 ? 'user' : 'users'}`,
  },
  /** A change without a base to compare with. */
  notAvailable: 'n/a',
} as const;
