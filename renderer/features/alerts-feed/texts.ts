/** What the alert feed says (part 1 §2): the banner, the bell's panel, the dashboard's list. */
export const ALERTS_FEED_TEXTS = {
  /** The banner's region. */
  region: 'Alerts',
  /** The category filter: the banner's select and the dashboard's group of buttons. */
  category: 'Alert category',
  filters: {
    all: 'All',
    business: 'Business',
    customer: 'Customer',
    technical: 'Technical',
    security: 'Security',
  },
  loading: 'Loading alerts...',
  /** An alert's dismiss control, named after its title (the banner's current one has its own name). */
  dismiss: (title: string) => `Dismiss ${title}`,
  /** The banner: one alert at a time, previous/next, and an expanded view of the latest. */
  banner: {
    emptyCategory: 'No alerts in this category',
    previous: 'Previous alert',
    next: 'Next alert',
    expand: 'Expand alerts',
    collapse: 'Collapse alerts',
    dismiss: 'Dismiss alert',
    latest: 'Latest alerts',
  },
  /** The dashboard's real-time list: dismissed alerts stay listed, dimmed. */
  realtime: {
    heading: 'Real-time Alerts',
    list: 'Real-time alerts',
    empty: 'No alerts yet',
    dismissed: 'Dismissed',
  },
  /** The bell: its name says the count ("3 unread alerts"); its panel lists them. */
  unread: {
    none: 'No unread alerts',
    count: (count: number) => (count === 1 ? '1 unread alert' : `${count} unread alerts`),
    list: 'Unread alerts',
  },
} as const;
