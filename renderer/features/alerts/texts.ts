/** What the Alerts screen says (part 2 §2–§4, §8, issue 12), in one place. */
export const ALERT_TEXTS = {
  /** A load failure is logged with this text, and the screen says it too (Alert Rules as well). */
  loadFailed: 'Failed to load alert data',
  description:
    'Active alerts with their severity and status, the rules that raise them, and how you are notified.',
  export: 'Export',
  settings: 'Settings',
  createRule: 'Create Rule',
  exportFailed: 'The export failed',
  loading: 'Loading…',
  kpis: {
    total: 'Total Alerts',
    active: 'Active',
    critical: 'Critical',
    resolved: 'Resolved',
    avgResolution: 'Avg Resolution Time',
  },
  tabs: {
    active: 'Active Alerts',
    rules: 'Alert Rules',
    settings: 'Notification Settings',
  },
  /** The Active Alerts tab: the search, the two filters and the list of alerts. */
  alerts: {
    search: 'Search alerts',
    searchPlaceholder: 'Search title, description or source',
    severity: 'Severity',
    status: 'Status',
    allSeverities: 'All severities',
    allStatuses: 'All statuses',
    empty: 'No alerts found matching your criteria',
    list: 'Alerts',
    /** The end of an alert's line: who it is assigned to. */
    assignedTo: (name: string) => `Assigned to ${name}`,
    unassigned: 'Unassigned',
  },
  /** The Alert Rules tab: a summary of the rules, managed on the Alert Rules screen. */
  rules: {
    list: 'Alert rules',
    manage: 'Manage alert rules',
  },
  /** An alert's details panel: its fields, its history and the transitions. */
  details: {
    fields: {
      source: 'Source',
      category: 'Category',
      raised: 'Raised',
      assignedTo: 'Assigned to',
      value: 'Value',
      series: 'Series',
    },
    nobody: 'Nobody',
    value: (value: number, unit: string, threshold: number) => `${value} ${unit} (threshold ${threshold})`,
    history: 'History',
    by: (name: string) => `by ${name}`,
    /** A history entry's comment, quoted. */
    comment: (comment: string) => `“${comment}”`,
    actions: 'Actions',
    commentLabel: 'Comment',
    changeFailed: 'The change failed',
    acknowledge: 'Acknowledge',
    resolve: 'Resolve',
    suppress: 'Suppress',
  },
  /** Assigning an alert: "Assign to me", and a picker for a user who may list users. */
  assign: {
    assignTo: 'Assign to',
    nobody: 'Nobody',
    assign: 'Assign',
    assignToMe: 'Assign to me',
    usersFailed: 'The list of users could not be loaded.',
    failed: 'Assigning the alert failed',
  },
  /** The Notification Settings tab: per user, stored on the server. */
  notificationSettings: {
    channels: 'Channels',
    email: 'Email',
    sms: 'SMS',
    chat: 'Chat integration',
    preferences: 'Preferences',
    quietHours: (start: string, end: string) =>
      `Quiet hours (${start} to ${end}): hold non-critical notifications`,
    escalationDelay: 'Escalation delay',
    /** An escalation delay option. */
    delay: (minutes: number) => (minutes === 60 ? '1 hour' : `${minutes} min`),
    groupingWindow: 'Grouping window',
    /** A grouping window option. */
    window: (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
    saveFailed: 'Saving failed',
    saved: 'Saved!',
    save: 'Save settings',
  },
} as const;
