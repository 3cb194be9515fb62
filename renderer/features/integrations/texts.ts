/** What the Integration Management screen says (part 2 §2, §9), in one place. */
export const INTEGRATION_TEXTS = {
  description: 'Connected services, webhook events and API keys, with their sync state.',
  /** The header's button, the dialog's title and its submit button. */
  addIntegration: 'Add Integration',
  tabs: {
    integrations: 'Integrations',
    events: 'Webhook Events',
    keys: 'API Keys',
  },
  /** The dialogs' buttons. */
  done: 'Done',
  cancel: 'Cancel',
  /** A failed call without a message of its own. */
  actionFailed: 'The action failed',
  /** A ping or test event the endpoint did not answer. */
  noAnswer: 'no answer',
  /** The row actions' column, whose header is hidden. */
  actions: 'Actions',
  /** The Integrations tab: the endpoints' table, beside the selected one's panel. */
  integrations: {
    loading: 'Loading integrations',
    loadFailed: 'Failed to load integrations',
    table: 'Integrations',
    empty: 'No integrations yet: Add Integration creates a webhook endpoint.',
    select: 'Select an integration to see its details.',
    columns: {
      name: 'Name',
      type: 'Type',
      status: 'Status',
      health: 'Health',
      lastSync: 'Last sync',
      requests: 'Requests',
      errors: 'Errors',
      uptime: 'Uptime',
    },
  },
  /** The detail side panel: Sync Now, Disable or Enable, Rotate secret, Delete. */
  panel: {
    name: (integration: string) => `${integration} details`,
    /** An integration without a description or provider. */
    webhookEndpoint: 'Webhook endpoint',
    fields: {
      webhook: 'Webhook',
      frequency: 'Frequency',
      lastSync: 'Last sync',
      nextSync: 'Next sync',
      requests: 'Requests',
      errors: 'Errors',
      uptime: 'Uptime',
      events: 'Events',
    },
    apiKey: 'API key',
    reveal: 'Reveal',
    hide: 'Hide',
    syncNow: 'Sync Now',
    enable: 'Enable',
    disable: 'Disable',
    rotateSecret: 'Rotate secret',
    delete: 'Delete',
    /** A rotated secret, shown once; the previous one signs too until the time given. */
    rotated: (until: string) =>
      `New signing secret (shown only now). The old one keeps signing too until ${until}.`,
    pingDelivered: (status: number | string, ms: number) => `Ping delivered: ${status} in ${ms} ms`,
    pingFailed: (error: string) => `Ping failed: ${error}`,
    deleteTitle: 'Delete integration',
    deleteConfirm: (integration: string) =>
      `Delete ${integration}? Its deliveries are deleted with it and no more events are sent.`,
  },
  /** Add Integration: a webhook endpoint; its signing secret is shown once, and a test event can be sent. */
  add: {
    name: 'Name',
    url: 'Endpoint URL',
    urlPlaceholder: 'https://example.com/webhooks',
    events: 'Events',
    apiKey: 'Third-party API key (optional)',
    failed: 'Adding the integration failed',
    added: (integration: string) =>
      `${integration} was added. Its signing secret is shown only now: store it where the receiver verifies signatures.`,
    signingSecret: 'Signing secret',
    sendTest: 'Send test event',
    testDelivered: (status: number | string, ms: number) => `Test event delivered (${status} in ${ms} ms)`,
    testFailed: (error: string) => `Test event failed: ${error}`,
    testRequestFailed: 'Sending the test event failed',
  },
  /** The Webhook Events tab: each delivery, with a replay. */
  events: {
    loading: 'Loading webhook events',
    loadFailed: 'Failed to load webhook events',
    replayFailed: 'Replaying the event failed',
    refresh: 'Refresh',
    refreshName: 'Refresh webhook events',
    table: 'Webhook events',
    empty: 'No webhook events yet.',
    replay: 'Replay',
    replayName: (event: string, endpoint: string) => `Replay ${event} to ${endpoint}`,
    /** The payload's disclosure. */
    view: 'View',
    /** Follows the endpoint's answer status. */
    responseTime: (ms: number) => ` · ${ms} ms`,
    columns: {
      event: 'Event',
      endpoint: 'Endpoint',
      timestamp: 'Timestamp',
      status: 'Status',
      retries: 'Retries',
      response: 'Response',
      payload: 'Payload',
    },
  },
  /** The API Keys tab, Generate Key and a key issued once. */
  keys: {
    loading: 'Loading API keys',
    loadFailed: 'Failed to load API keys',
    about: (graceHours: number) =>
      `Keys act as their creator within their scopes. A regenerated key keeps working ${graceHours} hours.`,
    /** The tab's button, the dialog's title and its submit button. */
    generate: 'Generate Key',
    table: 'API keys',
    empty: 'No API keys yet.',
    regenerate: 'Regenerate',
    regenerateName: (key: string) => `Regenerate ${key}`,
    revoke: 'Revoke',
    revokeName: (key: string) => `Revoke ${key}`,
    regenerated: 'Key regenerated',
    issued: 'Your new API key (shown only now)',
    name: 'Name',
    scopes: 'Scopes',
    expires: 'Expires',
    never: 'Never',
    inDays: (days: number) => `In ${days} days`,
    failed: 'Generating the key failed',
    columns: {
      name: 'Name',
      key: 'Key',
      scopes: 'Scopes',
      status: 'Status',
      expires: 'Expires',
      lastUsed: 'Last used',
    },
  },
} as const;
