import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../shared/constants';
import { DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from './auth/throttle';
import type { TrustProxy } from './http/edge';
import type { TestFaults } from './testing/faults';
import { appVersion } from './version';

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
export const DEFAULT_EXPORT_HISTORY_DAYS = 30;
export const DEFAULT_MAIL_FROM = 'Operations Console <no-reply@localhost>';

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
  /** The proxies trusted to name the client in X-Forwarded-For (`TRUST_PROXY`); none by default. */
  trustProxy: TrustProxy;
  /** Host names this server answers to besides loopback (`CONSOLE_ALLOWED_HOSTS`); any other is refused. */
  allowedHosts: string[];
  /**
   * The embedded server's per-launch secret (issue 25): every request must carry it in
   * `LAUNCH_SECRET_HEADER`, so that only the main process that started this server is answered. Unset (the
   * standalone server, unless `CONSOLE_LAUNCH_SECRET` names one): no such check.
   */
  launchSecret?: string;
  /** Audit records are kept this many whole days, then removed by the retention job. */
  auditRetentionDays: number;
  /** Expired export jobs stay in the history this many days, then the export expiry job removes them. */
  exportHistoryDays: number;
  /** Demo mode: emit the demonstration alerts of the banner (part 1 §2) once a console listens. */
  demoAlerts: boolean;
  /** The chance of the demonstration alerts: injectable so that tests know which ones come. */
  random: () => number;
  /** SMTP server for mail when the settings name none (`smtp://user:pass@host:port`, `smtps://…`); `SMTP_URL`. */
  smtpUrl?: string;
  /** The sender of that mail. */
  mailFrom: string;
  /** The console's address, for the one-time links of invitations and resets; unset: the console's own. */
  consolePublicUrl?: string;
  /** The data folder: backups/ (the default storage location) and config/ (the backup key) live in it. */
  dataFolder?: string;
  /** The age identity of the backups (`BACKUP_IDENTITY`); unset, one is made in the data folder's config/. */
  backupIdentity?: string;
  /** Test builds only (server/testing/faults.ts): the fault switch and a shorter evaluation interval. */
  testFaults?: TestFaults;
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
    allowedHosts: [],
    auditRetentionDays: DEFAULT_AUDIT_RETENTION_DAYS,
    exportHistoryDays: DEFAULT_EXPORT_HISTORY_DAYS,
    demoAlerts: false,
    random: Math.random,
    mailFrom: DEFAULT_MAIL_FROM,
    ...overrides,
    throttle: { ...DEFAULT_THROTTLE_POLICY, ...overrides.throttle },
  };
}
