import { z } from 'zod';
import {
  CLOUD_REGIONS,
  DIGEST_FREQUENCIES,
  EMAIL_PROVIDERS,
  LANGUAGES,
  PASSWORD_POLICIES,
  SETTINGS_BOUNDS,
  SMS_PROVIDERS,
  TIMEZONES,
  ipWhitelistLineError,
  parseIpWhitelist,
} from '../settings';
import { defineEndpoint } from './endpoint';

/**
 * System settings (part 2 §2, §3, §5, §9) on Client B's gateway: one versioned document of five groups,
 * read with settings.read and replaced whole with settings.update. The SMTP password is write-only: never
 * answered, kept when a save leaves it out.
 */
const bounded = (name: string, unit: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number of ${unit}`)
    .min(min, `${name} must be between ${min} and ${max} ${unit}`)
    .max(max, `${name} must be between ${min} and ${max} ${unit}`);

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time such as 22:00');
const optionalUrl = (name: string) =>
  z
    .string()
    .trim()
    .max(2000)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), `${name} must be an http(s) URL`)
    .refine((v) => v === '' || URL.canParse(v), `${name} must be an http(s) URL`);

export const generalSettings = z.object({
  platformName: z.string().trim().min(1, 'Platform name is required').max(100),
  primaryDomain: z
    .string()
    .trim()
    .max(253)
    .regex(
      /^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
      'Primary domain must be a domain name such as console.example.com',
    ),
  timezone: z.enum(TIMEZONES),
  language: z.enum(LANGUAGES),
  maintenanceMode: z.boolean(),
  debugMode: z.boolean(),
});

export const securitySettings = z.object({
  twoFactorRequired: z.boolean(),
  passwordPolicy: z.enum(PASSWORD_POLICIES),
  sessionTimeout: bounded('Session timeout', 'minutes', SETTINGS_BOUNDS.sessionTimeout),
  /** CIDR ranges, as stored and answered (a save sends the form's lines: `ipWhitelistLines`). */
  ipWhitelist: z.array(z.string()),
  sslEnabled: z.boolean(),
  auditLogging: z.boolean(),
});

/** One CIDR range per entry, as the lines of the form: blank ones dropped, a bad one named by its line. */
const ipWhitelistLines = z
  .array(z.string().max(100))
  .max(SETTINGS_BOUNDS.ipWhitelistLines, `At most ${SETTINGS_BOUNDS.ipWhitelistLines} lines`)
  .transform((lines, ctx) => {
    const parsed = parseIpWhitelist(lines);
    if (parsed.ok) return parsed.ranges;
    ctx.issues.push({
      code: 'custom',
      message: ipWhitelistLineError(parsed.line, parsed.value),
      input: lines,
    });
    return z.NEVER;
  });

export const smtpSettings = z.object({
  host: z.string().trim().max(253),
  port: z.number().int('SMTP port must be a whole number').min(1).max(65_535),
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: z.boolean(),
  username: z.string().trim().max(200),
  from: z.union([z.literal(''), z.email('Sender must be an email address').max(320)]),
});

export const integrationSettings = z.object({
  awsRegion: z.enum(CLOUD_REGIONS),
  slackWebhook: optionalUrl('Chat webhook URL'),
  emailProvider: z.enum(EMAIL_PROVIDERS),
  smsProvider: z.enum(SMS_PROVIDERS),
  analyticsTracking: z.boolean(),
  backupEnabled: z.boolean(),
  smtp: smtpSettings,
});

export const notificationSettings = z.object({
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  inAppNotifications: z.boolean(),
  digestFrequency: z.enum(DIGEST_FREQUENCIES),
  quietHoursStart: clock,
  quietHoursEnd: clock,
});

export const performanceSettings = z.object({
  cachingEnabled: z.boolean(),
  cacheTimeout: bounded('Cache timeout', 'seconds', SETTINGS_BOUNDS.cacheTimeout),
  compressionEnabled: z.boolean(),
  cdnEnabled: z.boolean(),
  rateLimitEnabled: z.boolean(),
  maxRequestsPerMinute: bounded('Max requests per minute', 'requests', SETTINGS_BOUNDS.maxRequestsPerMinute),
});

export const systemSettings = z.object({
  general: generalSettings,
  security: securitySettings,
  integrations: integrationSettings,
  notifications: notificationSettings,
  performance: performanceSettings,
});
export type SystemSettings = z.infer<typeof systemSettings>;

/** What a save sends: the same document, its IP whitelist checked line by line. */
export const systemSettingsInput = systemSettings.extend({
  security: securitySettings.extend({ ipWhitelist: ipWhitelistLines }),
});
export type SystemSettingsInput = z.input<typeof systemSettingsInput>;

export const settingsDocument = z.object({
  settings: systemSettings,
  /** Starts at 1 (the defaults); each save adds one. */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  smtpPasswordSet: z.boolean(),
});
export type SettingsDocument = z.infer<typeof settingsDocument>;

export const updateSettingsBody = z.object({
  settings: systemSettingsInput,
  /** The version the form was loaded from: a save over someone else's newer one is refused (409). */
  version: z.number().int().min(1),
  /** Absent: keep the stored one; empty: remove it. */
  smtpPassword: z.string().max(500).optional(),
});

/** What every console applies, whatever its user's permissions: name, formats, timeouts, maintenance. */
export const consoleSettings = z.object({
  platformName: z.string(),
  timezone: z.enum(TIMEZONES),
  language: z.enum(LANGUAGES),
  maintenanceMode: z.boolean(),
  /** Minutes without activity after which the console signs out (and the token's lifetime). */
  sessionTimeout: z.number().int(),
  twoFactorRequired: z.boolean(),
  passwordPolicy: z.enum(PASSWORD_POLICIES),
});
export type ConsoleSettings = z.infer<typeof consoleSettings>;

/** The answer of a "send test" button: delivered, or why not. */
export const deliveryResult = z.object({ sent: z.boolean(), reason: z.string().optional() });

export const settingsEndpoints = {
  console: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/settings/console',
    summary: 'The settings every console applies (answered during maintenance too)',
    data: consoleSettings,
    auth: 'token',
  }),
  read: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/settings',
    summary: 'The current system settings and their version',
    data: settingsDocument,
    auth: 'token',
    permission: 'settings.read',
  }),
  update: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/settings',
    summary: 'Save the system settings: a new version, applied at once on every instance',
    body: updateSettingsBody,
    data: settingsDocument,
    auth: 'token',
    permission: 'settings.update',
    audit: { action: 'UPDATE', resource: 'settings', severity: 'high' },
  }),
  testEmail: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/settings/test-email',
    summary: 'Send a test email through the saved SMTP settings to the caller (or the given address)',
    body: z.object({ to: z.email().max(320).optional() }),
    data: deliveryResult,
    auth: 'token',
    permission: 'settings.update',
    audit: { exempt: 'sends a message and changes nothing' },
  }),
  testWebhook: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/settings/test-webhook',
    summary: 'Post a test message to the saved chat webhook',
    data: deliveryResult,
    auth: 'token',
    permission: 'settings.update',
    audit: { exempt: 'sends a message and changes nothing' },
  }),
};

/** Version 1: the spec's sample values (part 2 §9) where it gives them, conservative ones elsewhere. */
export const DEFAULT_SETTINGS: SystemSettings = {
  general: {
    platformName: 'Operations Console',
    primaryDomain: '',
    timezone: 'UTC',
    language: 'en-US',
    maintenanceMode: false,
    debugMode: false,
  },
  security: {
    twoFactorRequired: false,
    passwordPolicy: 'strong',
    sessionTimeout: 480,
    ipWhitelist: [],
    sslEnabled: true,
    auditLogging: true,
  },
  integrations: {
    awsRegion: 'us-east-1',
    slackWebhook: '',
    emailProvider: 'ses',
    smsProvider: 'twilio',
    analyticsTracking: true,
    backupEnabled: true,
    smtp: { host: '', port: 587, secure: false, username: '', from: '' },
  },
  notifications: {
    emailNotifications: true,
    smsNotifications: false,
    inAppNotifications: true,
    digestFrequency: 'daily',
    quietHoursStart: '22:00',
    quietHoursEnd: '08:00',
  },
  performance: {
    cachingEnabled: true,
    cacheTimeout: 300,
    compressionEnabled: true,
    cdnEnabled: false,
    rateLimitEnabled: false,
    maxRequestsPerMinute: 1000,
  },
};
