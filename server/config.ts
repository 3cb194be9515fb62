import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../shared/constants';
import { DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from './auth/throttle';
import { appVersion } from './version';

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
export const DEFAULT_EXPORT_HISTORY_DAYS = 30;

export interface ServerConfig {
  /** Answered by the health check. */
  version: string;
  /** Token lifetime. */
  sessionTimeoutMinutes: number;
  /** HS256 signing secret (at least 32 characters); unset, one is generated and kept in the database. */
  jwtSecret?: string;
  /** The clock, in epoch milliseconds: injectable so that tests move time instead of sleeping. */
  now: () => number;
  throttle: ThrottlePolicy;
  /** Take the client address from X-Forwarded-For: only behind a trusted load balancer. */
  trustProxy: boolean;
  /** Audit records are kept this many whole days, then removed by the retention job. */
  auditRetentionDays: number;
  /** Expired export jobs stay in the history this many days, then the export expiry job removes them. */
  exportHistoryDays: number;
  /** Demo mode: emit the demonstration alerts of the banner (part 1 §2) once a console listens. */
  demoAlerts: boolean;
  /** An SMTP server (smtp://user:pass@host:port) for mail when the settings name none; `SMTP_URL`. */
  smtpUrl?: string;
  /** The chance of the demonstration alerts: injectable so that tests know which ones come. */
  random: () => number;
}

/** What callers may set: any part of the configuration, the throttle policy included. */
export type ServerConfigOverrides = Omit<Partial<ServerConfig>, 'throttle'> & {
  throttle?: Partial<ThrottlePolicy>;
};

export function resolveConfig(overrides: ServerConfigOverrides = {}): ServerConfig {
  return {
    version: appVersion(),
    sessionTimeoutMinutes: DEFAULT_SESSION_TIMEOUT_MINUTES,
    now: Date.now,
    trustProxy: false,
    auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS,
    exportHistoryDays: DEFAULT_EXPORT_HISTORY_DAYS,
    demoAlerts: false,
    random: Math.random,
    ...overrides,
    throttle: { ...DEFAULT_THROTTLE_POLICY, ...overrides.throttle },
  };
}
