import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../shared/constants';
import type { AlertStreamLimits } from './alerts/stream';
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
  /** The alert stream's bounds (streams per user, buffered bytes, heartbeat, session re-check); defaults in stream.ts. */
  alertStream?: Partial<AlertStreamLimits>;
  /** The chance of the demonstration alerts: injectable so that tests know which ones come. */
  random: () => number;
  /** SMTP server for mail when the settings name none (`smtp://user:pass@host:port`, `smtps://…`); `SMTP_URL`. */
  smtpUrl?: string;
  /**
   * `SMTP_ALLOW_LOOPBACK_SINK`: the SMTP server may be a loopback sink (127.0.0.0/8, ::1) without TLS, for
   * tests and a local relay. It takes effect only for a host that is loopback; any other host still needs
   * TLS, and the settings' host still passes the outbound guard. Off: every SMTP connection needs TLS and
   * the settings' host must be a public address.
   */
  smtpLoopbackSink: boolean;
  /** The sender of that mail. */
  mailFrom: string;
  /** The console's address, for the one-time links of invitations and resets; unset: the console's own. */
  consolePublicUrl?: string;
  /** The data folder: backups/ (the default storage location) and config/ (the backup key) live in it. */
  dataFolder?: string;
  /**
   * Protected by default (issue 29): a new install gets a nightly full backup job and the daily restore
   * test. startServer turns it on unless `CONSOLE_DEFAULT_BACKUPS=off` (test builds, e2e hosts); an app
   * built directly (buildApp: the test apps) leaves it off.
   */
  defaultBackups: boolean;
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
    smtpLoopbackSink: false,
    defaultBackups: false,
    ...overrides,
    throttle: { ...DEFAULT_THROTTLE_POLICY, ...overrides.throttle },
  };
}
