/**
 * What the System Settings screen says (part 2 §2, §4, §5), in one place. The texts the server shares (load
 * failure, the Save button's states, Reload, refusals) stay in shared/settings as SETTINGS_TEXTS.
 */
export const SYSTEM_SETTINGS_TEXTS = {
  description: 'Platform settings: general, security, integrations, notifications and performance.',
  /** The Save button's tooltip for a user who may not save. */
  noPermission: 'You do not have the permission settings.update',
  loading: 'Loading settings...',
  tabs: {
    general: 'General',
    security: 'Security',
    integrations: 'Integrations',
    notifications: 'Notifications',
    performance: 'Performance',
  },
  /** The hint of an integer field, with its bounds (part 2 §5). */
  wholeNumber: (min: number, max: number) => `A whole number from ${min} to ${max}.`,
  /** The database engines, as the figures name them. */
  engines: { postgres: 'PostgreSQL', pglite: 'PGlite' },
  /** A figure that is off. */
  off: 'Off',
  general: {
    title: 'General settings',
    platformName: 'Platform name',
    primaryDomain: 'Primary domain',
    primaryDomainPlaceholder: 'console.example.com',
    timezone: 'Timezone',
    language: 'Language',
    maintenanceMode: 'Maintenance mode',
    maintenanceModeAbout: "Every call but a super administrator's is refused until it is turned off.",
    debugMode: 'Debug mode',
    debugModeAbout: 'The server logs at debug level.',
  },
  /** The system-health panel of the spec, with the API server's real figures. */
  health: {
    title: 'System health',
    unavailable: 'Health figures are not available.',
    apiServer: 'API server',
    healthy: 'Healthy',
    degraded: 'Degraded',
    database: 'Database',
    /** The engine and its latency ('–' when unknown). */
    databaseFigure: (engine: string, latencyMs: number | string) => `${engine} · ${latencyMs} ms`,
    unreachable: 'Unreachable',
    uptime: 'Uptime',
    uptimeDays: (days: number, hours: number) => `${days} d ${hours} h`,
    uptimeHours: (hours: number, minutes: number) => `${hours} h ${minutes} min`,
    version: 'Version',
  },
  security: {
    title: 'Security settings',
    twoFactorRequired: 'Two-factor authentication required',
    twoFactorRequiredAbout:
      'Every sign-in asks for a code from an authenticator app; users without one set it up at their next sign-in.',
    passwordPolicy: 'Password policy',
    sessionTimeout: 'Session timeout (minutes)',
    sslEnabled: 'SSL enabled',
    auditLogging: 'Audit logging',
    auditLoggingAbout: 'Security events (sign-ins, settings, roles, users) are always recorded.',
    ipWhitelist: 'IP whitelist',
    ipWhitelistHint: 'One CIDR range per line; blank lines are dropped. Empty: every address is allowed.',
    ipWhitelistPlaceholder: '203.0.113.0/24\n2001:db8::/32',
  },
  /** The security figures beside the fields. */
  securityStatus: {
    title: 'Security status',
    twoFactor: 'Two-factor authentication',
    required: 'Required',
    optional: 'Optional',
    passwordPolicy: 'Password policy',
    sessionTimeout: 'Session timeout',
    minutes: (minutes: string) => `${minutes} min`,
    ipWhitelist: 'IP whitelist',
    everyAddress: 'Every address',
    ranges: (count: number) => `${count} range${count === 1 ? '' : 's'}`,
    ssl: 'SSL',
    enabled: 'Enabled',
    disabled: 'Disabled',
    auditLogging: 'Audit logging',
    on: 'On',
    securityEventsOnly: 'Security events only',
  },
  integrations: {
    title: 'Integration settings',
    cloudRegion: 'Cloud region',
    backups: 'Automated backups',
    emailProvider: 'Email provider',
    smsProvider: 'SMS provider',
    webhook: 'Chat webhook URL',
    webhookPlaceholder: 'https://hooks.slack.com/services/…',
    analytics: 'Analytics tracking',
  },
  smtp: {
    title: 'SMTP server',
    host: 'SMTP host',
    hostPlaceholder: 'smtp.example.com',
    port: 'SMTP port',
    secure: 'TLS from the start (port 465)',
    username: 'SMTP username',
    password: 'SMTP password',
    /** The password field's placeholder: the stored password is never shown. */
    passwordStored: 'Stored (leave empty to keep)',
    passwordNotSet: 'Not set',
    from: 'Sender address',
    fromPlaceholder: 'console@example.com',
  },
  /** The "send test" buttons and what they say beside them. */
  sendTest: {
    message: 'Send test message',
    messageSent: 'Test message delivered.',
    email: 'Send test email',
    emailSent: 'Test email sent to your address.',
    sending: 'Sending...',
    failed: 'The test could not be sent.',
    /** Before a test: it goes through the saved settings. */
    about: 'Uses the saved settings: save your changes first.',
  },
  notifications: {
    title: 'Notification settings',
    email: 'Email notifications',
    sms: 'SMS notifications',
    inApp: 'In-app notifications',
    digestFrequency: 'Digest frequency',
    quietHoursStart: 'Quiet hours start',
    quietHoursEnd: 'Quiet hours end',
  },
  performance: {
    title: 'Performance settings',
    caching: 'Caching',
    cacheTimeout: 'Cache timeout (seconds)',
    compression: 'Compression',
    cdn: 'CDN',
    rateLimiting: 'Rate limiting',
    maxRequests: 'Max requests per minute',
    maxRequestsHint: (min: number, max: number) =>
      `A whole number from ${min} to ${max}, per user and per address.`,
  },
  /** The performance figures beside the fields. */
  metrics: {
    title: 'Performance metrics',
    databaseLatency: 'Database latency',
    milliseconds: (ms: number) => `${ms} ms`,
    database: 'Database',
    cache: 'Cache',
    seconds: (seconds: string) => `${seconds} s`,
    rateLimit: 'Rate limit',
    perMinute: (requests: string) => `${requests} / min`,
  },
} as const;
