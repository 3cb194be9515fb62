/** What the Alert Rules screen says (part 2 §2–§4, issue 12), in one place. */
export const ALERT_RULES_TEXTS = {
  description:
    'The rules that raise alerts: their conditions, severity, notification channels and trigger history.',
  createRule: 'Create Rule',
  tabs: {
    rules: 'Alert Rules',
    templates: 'Templates',
    channels: 'Notification Channels',
  },
  loading: 'Loading…',
  /** A failed change (pause, duplicate, delete, end a silence, remove a window) with no message of its own */
  changeFailed: 'The change failed',
  /** The Alert Rules tab: the search, the two filters and the list of rules. */
  rules: {
    search: 'Search rules',
    searchPlaceholder: 'Search name or description',
    status: 'Status',
    severity: 'Severity',
    allStatuses: 'All statuses',
    allSeverities: 'All severities',
    list: 'Alert rules',
    empty: 'No alert rules found',
    emptyFiltered: 'Try adjusting your search or filters',
    emptyFirst: 'Create your first alert rule to get started',
    /** Below a rule's condition: its channel types (or `none`), its trigger count, when last (or `never`). */
    summary: (channels: string, triggered: number, lastTriggered: string) =>
      `Notifies: ${channels} · Triggered ${triggered} ${triggered === 1 ? 'time' : 'times'} · Last triggered: ${lastTriggered}`,
    none: 'none',
    never: 'never',
    pause: 'Pause',
    activate: 'Activate',
    edit: 'Edit',
    duplicate: 'Duplicate',
    delete: 'Delete',
    confirmDelete: (name: string) => `Delete alert rule "${name}"?`,
  },
  templates: {
    list: 'Rule templates',
    use: 'Use template',
  },
  /** The Notification Channels tab's channel list, with a real "send test". */
  channels: {
    heading: 'Channels',
    list: 'Notification channels',
    testFailed: 'The test failed',
    configured: 'Configured',
    notConfigured: 'Not configured',
    usedBy: (rules: number) => `Used by ${rules} ${rules === 1 ? 'rule' : 'rules'}`,
    testTarget: (channel: string) => `${channel} test target`,
    emailPlaceholder: 'Your address',
    urlPlaceholder: 'https://…',
    sendTest: 'Send test',
  },
  /** The rule form (create or edit), by section. */
  form: {
    title: { create: 'Create alert rule', edit: 'Edit alert rule' },
    sections: {
      rule: 'Rule',
      condition: 'Condition',
      filters: 'Filters',
      notifications: 'Notifications',
      escalation: 'Escalation',
      suppression: 'Suppression',
    },
    name: 'Name',
    status: 'Status',
    severity: 'Severity',
    description: 'Description',
    metric: 'Metric',
    aggregation: 'Aggregation',
    timeWindow: 'Time window',
    operator: 'Operator',
    threshold: (unit: string) => `Threshold (${unit})`,
    pending: 'Pending period (seconds)',
    pendingHint: 'How long the condition must hold before the alert fires; 0 fires at once',
    keepFiring: 'Keep firing for (seconds)',
    keepFiringHint: 'How long a firing alert stays firing after the condition clears',
    noData: 'When there is no data',
    evaluationFails: 'When evaluation fails',
    /** The options of the two selects above, by state. */
    states: { alerting: 'Alerting', normal: 'Normal', keep: 'Keep last state' },
    /** The rule's own notifications: the rows' label prefix ("Notification 2"). */
    notification: 'Notification',
    /** After a refused save, how many fields are in error. */
    problems: (count: number) =>
      `${count === 1 ? 'One field needs' : `${count} fields need`} attention before the rule can be saved.`,
    saveFailed: 'Saving the rule failed',
    previewFailed: 'The preview failed',
    preview: 'Preview last hour',
    save: 'Save rule',
  },
  /** The form's messages where the contract schema gave none of its own (zod's English, said plainly). */
  fieldErrors: {
    number: 'Enter a number',
    required: 'This field is required',
    atLeast: (minimum: number | bigint) => `Must be at least ${minimum}`,
    atMost: (maximum: number | bigint) => `Must be at most ${maximum}`,
  },
  /** The rule's filters: which of the metric's series it watches. */
  filters: {
    oneSeries: (metric: string) => `${metric} is one series: there is nothing to filter.`,
    /** Each row's controls are named after the row ("Filter 2 Field"). */
    row: (n: number) => `Filter ${n}`,
    field: 'Field',
    operator: 'Operator',
    value: 'Value',
    remove: 'Remove',
    removeName: (n: number) => `Remove filter ${n}`,
    add: 'Add filter',
  },
  /** Rows of notifications {type, target}, each named by a prefix ("Notification", "Step 1 notification"). */
  notifications: {
    type: 'Type',
    target: 'Target',
    targetHints: {
      email: 'An email address',
      slack: 'An incoming-webhook URL; blank uses the chat webhook of System Settings',
      webhook: 'Where the alert is delivered',
    },
    targetPlaceholders: {
      email: 'ops@example.com',
      slack: 'https://…',
      webhook: 'https://…',
    },
    /** A webhook target picked from the webhook integrations. */
    webhookPickHint:
      'A webhook integration: the alert is its signed alert.fired / alert.resolved delivery, retried and listed in Webhook Events',
    chooseWebhook: 'Choose a webhook integration',
    inactive: (integration: string) => `${integration} (inactive)`,
    missingIntegration: 'An integration that no longer exists',
    remove: 'Remove',
    removeName: (name: string, n: number) => `Remove ${name.toLowerCase()} ${n}`,
    add: (name: string) => `Add ${name.toLowerCase()}`,
  },
  /** Escalation: who else is told while nobody acknowledges. */
  escalation: {
    enabled: 'Escalate while the alert is not acknowledged',
    delay: (step: number) => `Step ${step} delay (minutes)`,
    removeStep: (step: number) => `Remove step ${step}`,
    /** The step's notification rows' label prefix. */
    notification: (step: number) => `Step ${step} notification`,
    addStep: 'Add escalation step',
  },
  /** Suppression: quiet after a notification. */
  suppression: {
    enabled: 'Suppress repeat notifications after one is sent',
    duration: 'Suppression duration (seconds)',
    conditions: 'Conditions',
    conditionsHint: 'One per line',
  },
  /** The preview of the last hour: the summary, and per series a chart of its values with the threshold. */
  preview: {
    region: 'Preview',
    heading: 'Preview of the last hour',
    series: 'Series',
    /** The name of a metric's only series. */
    allSeries: 'All',
    /** The chart's text alternative. */
    chartSummary: (series: string, operator: string, threshold: number, unit: string) =>
      `${series} over the last hour against the threshold ${operator} ${threshold} ${unit}, by state`,
    columns: { from: 'From', to: 'To', state: 'State', values: 'Values' },
    noData: 'No data',
    legend:
      'Line: the value each minute. Dashed line: the threshold. Shaded: amber while pending, red while firing.',
    noSeries: 'No series had data in the last hour.',
  },
  /** Silences and maintenance windows, beside the channels whose notifications they mute. */
  muting: {
    silences: {
      heading: 'Silences',
      list: 'Silences',
      add: 'New silence',
      about:
        'A silence mutes the notifications of the series it matches between two times; the alerts are still raised and shown.',
      empty: 'No silences now or to come.',
      when: (from: string, to: string, by: string) => `From ${from} to ${to} · by ${by}`,
      confirmEnd: (comment: string) => `End the silence "${comment}" now?`,
      end: 'End silence',
    },
    windows: {
      heading: 'Maintenance windows',
      list: 'Maintenance windows',
      add: 'New maintenance window',
      about: 'Recurring times (UTC) when the matching series notify nobody.',
      empty: 'No maintenance windows.',
      everyDay: 'Every day',
      /** The window's days, start, length and what it mutes. */
      when: (days: string, start: string, minutes: number, matchers: string) =>
        `${days} at ${start} UTC for ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} · ${matchers}`,
      confirmRemove: (name: string) => `Remove the maintenance window "${name}"?`,
      remove: (name: string) => `Remove ${name}`,
    },
    /** Which series a silence or maintenance window mutes (all must hold). */
    matchers: {
      legend: 'Matchers',
      row: (n: number) => `Matcher ${n}`,
      label: 'Label',
      operator: 'Operator',
      value: 'Value',
      remove: 'Remove',
      removeName: (n: number) => `Remove matcher ${n}`,
      add: 'Add matcher',
      /** A silence or window without matchers. */
      everySeries: 'Every series',
    },
    silenceForm: {
      title: 'New silence',
      about: 'The notifications of every series that matches all of them are muted.',
      starts: 'Starts',
      ends: 'Ends',
      comment: 'Comment',
      startsMissing: 'Enter when the silence starts',
      endsMissing: 'Enter when the silence ends',
      failed: 'Creating the silence failed',
      cancel: 'Cancel',
      create: 'Create silence',
    },
    windowForm: {
      title: 'New maintenance window',
      name: 'Name',
      days: 'Days (UTC)',
      /** Sunday first, as `Date.getUTCDay()` counts (0 = Sunday); the list shows the first three letters. */
      weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
      startsAt: 'Starts at (UTC)',
      duration: 'Duration (minutes)',
      about: 'Without matchers the window mutes every series.',
      failed: 'Adding the maintenance window failed',
      cancel: 'Cancel',
      add: 'Add maintenance window',
    },
  },
} as const;
