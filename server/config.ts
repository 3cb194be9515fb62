import { getHeapStatistics } from 'node:v8';
import { DEFAULT_SESSION_TIMEOUT_MINUTES } from '../shared/constants';
import type { AlertStreamLimits } from './alerts/stream';
import { DEFAULT_THROTTLE_POLICY, type ThrottlePolicy } from './auth/throttle';
import type { TrustProxy } from './http/edge';
import type { TestFaults } from './testing/faults';
import { appVersion } from './version';

export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
export const DEFAULT_EXPORT_HISTORY_DAYS = 30;
/** A person opens Reports well after this; their sign-in and first screens do not share the thread with a PDF. */
export const DEMO_REPORTS_DELAY_MS = 20_000;
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
  /**
   * How long after it listens a server with a job runner waits before it renders the demo's reports
   * (seed/reports.ts), one after the other: a first launch's sign-in and dashboard come first (issue 29).
   * Default DEMO_REPORTS_DELAY_MS; null: never (`CONSOLE_DEMO_REPORTS=off`: the e2e browser hosts, none of
   * whose tests reads them; every test host that lived past the delay rendered them in the middle of its
   * test).
   */
  demoReportsDelayMs: number | null;
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
  /** How long the HTTP side waits for anything (issue 27): no request may hang without end. */
  http: HttpTimeouts;
  /** What is shed instead of queued when the server is overloaded (issue 27). */
  shedding: SheddingPolicy;
}

/** Fastify's timeouts; each one a guard against a client or a handler that never finishes. */
export interface HttpTimeouts {
  /** The whole request (headers and body) must arrive within this (`HTTP_REQUEST_TIMEOUT_MS`): slow senders. */
  requestTimeoutMs: number;
  /** An idle socket is closed after this (`HTTP_CONNECTION_TIMEOUT_MS`); the alert stream beats every 15 s. */
  connectionTimeoutMs: number;
  /**
   * A route that has not answered within this answers 503 with Retry-After (`HTTP_HANDLER_TIMEOUT_MS`):
   * below the console's own 30 s client timeout, so the admin reads why instead of "timed out".
   */
  handlerTimeoutMs: number;
}

/** Load shedding: refuse at once (503 + Retry-After) what would otherwise queue without bound. */
export interface SheddingPolicy {
  /**
   * Event-loop delay above which requests are shed (`SHED_EVENT_LOOP_DELAY_MS`); 0 turns it off. Unset:
   * 1,000 ms on PostgreSQL, off on PGlite, whose queries run on this thread: there a long query holds
   * the loop by design (it is not overload), and shedding after it would refuse the next sign-in; the
   * heavy-class limit is what protects PGlite.
   */
  maxEventLoopDelayMs?: number;
  /** Event-loop utilisation (0–1) above which requests are shed (`SHED_EVENT_LOOP_UTILIZATION`); 0: off. */
  maxEventLoopUtilization: number;
  /** Used V8 heap above which requests are shed (`SHED_HEAP_USED_BYTES`); 0: off. Default 90 % of the limit. */
  maxHeapUsedBytes: number;
  /** Resident memory above which requests are shed (`SHED_RSS_BYTES`); 0: off (PGlite's wasm heap counts here). */
  maxRssBytes: number;
  /**
   * Requests of one expensive class (audit search, 7-day monitoring, reports, exports) running at once
   * (`HEAVY_ROUTE_CONCURRENCY`); the next one is answered 503 at once. Unset: 4 on PostgreSQL, 2 on
   * PGlite, whose single connection runs one query at a time, so every heavy query admitted is one a
   * cheap request waits behind.
   */
  heavyConcurrency?: number;
}

/** PostgreSQL client timeouts (server/db/client.ts), read once at start from the environment. */
export interface DatabaseTimeouts {
  /** Making a connection, or waiting for a free one from the pool (`DB_CONNECT_TIMEOUT_MS`). */
  connectTimeoutMs: number;
  /** The server cancels a statement running longer (`DB_STATEMENT_TIMEOUT_MS`): statement_timeout. */
  statementTimeoutMs: number;
  /**
   * The client gives up on an answer after this (`DB_QUERY_TIMEOUT_MS`): the bound when the server or the
   * network is frozen and statement_timeout can never fire.
   */
  queryTimeoutMs: number;
  /** The server ends a session left idle inside a transaction (`DB_IDLE_IN_TRANSACTION_TIMEOUT_MS`). */
  idleInTransactionTimeoutMs: number;
  /** TCP keep-alive probes start after this much silence (`DB_KEEPALIVE_DELAY_MS`): a vanished peer is noticed. */
  keepAliveInitialDelayMs: number;
  /** The health probe's own bound (`DB_PROBE_TIMEOUT_MS`): the database is reported down past it. */
  probeTimeoutMs: number;
  /** While the database is down it is probed this often (`DB_PROBE_INTERVAL_MS`); also the Retry-After. */
  probeIntervalMs: number;
}

export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = {
  requestTimeoutMs: 120_000,
  connectionTimeoutMs: 60_000,
  handlerTimeoutMs: 25_000,
};

/** The event-loop bound of a PostgreSQL server when `SHED_EVENT_LOOP_DELAY_MS` is not set. */
export const DEFAULT_MAX_EVENT_LOOP_DELAY_MS = 1_000;

export const DEFAULT_SHEDDING: SheddingPolicy = {
  maxEventLoopUtilization: 0,
  maxHeapUsedBytes: Math.round(heapSizeLimit() * 0.9),
  maxRssBytes: 0,
};

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectTimeoutMs: 3_000,
  statementTimeoutMs: 15_000,
  queryTimeoutMs: 20_000,
  idleInTransactionTimeoutMs: 30_000,
  keepAliveInitialDelayMs: 10_000,
  probeTimeoutMs: 2_000,
  probeIntervalMs: 2_000,
};

function heapSizeLimit(): number {
  return getHeapStatistics().heap_size_limit;
}

type Env = Record<string, string | undefined>;

/** A non-negative number from the environment, or the default; anything else stops the start with its name. */
function envNumber(env: Env, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, not "${text}"`);
  return value;
}

/**
 * `CONSOLE_DEMO_REPORTS=off` (or 0, false, no): the demo's reports are never rendered by this server (the
 * e2e browser hosts); anything else leaves the delay as configured.
 */
export function demoReportsFromEnv(
  env: Env = process.env,
): Partial<Pick<ServerConfig, 'demoReportsDelayMs'>> {
  return isOff(env.CONSOLE_DEMO_REPORTS) ? { demoReportsDelayMs: null } : {};
}

/** A switch of the environment set to off: `off`, `0`, `false` or `no`, in any case. */
export const isOff = (value: string | undefined): boolean => /^(0|false|no|off)$/i.test(value?.trim() ?? '');

/** The HTTP timeouts and the shedding policy the environment sets, over the defaults. */
export function resilienceFromEnv(env: Env = process.env): Pick<ServerConfig, 'http' | 'shedding'> {
  const heavy = env.HEAVY_ROUTE_CONCURRENCY;
  const delay = env.SHED_EVENT_LOOP_DELAY_MS;
  return {
    http: {
      requestTimeoutMs: envNumber(env, 'HTTP_REQUEST_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.requestTimeoutMs),
      connectionTimeoutMs: envNumber(
        env,
        'HTTP_CONNECTION_TIMEOUT_MS',
        DEFAULT_HTTP_TIMEOUTS.connectionTimeoutMs,
      ),
      handlerTimeoutMs: envNumber(env, 'HTTP_HANDLER_TIMEOUT_MS', DEFAULT_HTTP_TIMEOUTS.handlerTimeoutMs),
    },
    shedding: {
      ...(delay ? { maxEventLoopDelayMs: envNumber(env, 'SHED_EVENT_LOOP_DELAY_MS', 0) } : {}),
      maxEventLoopUtilization: envNumber(
        env,
        'SHED_EVENT_LOOP_UTILIZATION',
        DEFAULT_SHEDDING.maxEventLoopUtilization,
      ),
      maxHeapUsedBytes: envNumber(env, 'SHED_HEAP_USED_BYTES', DEFAULT_SHEDDING.maxHeapUsedBytes),
      maxRssBytes: envNumber(env, 'SHED_RSS_BYTES', DEFAULT_SHEDDING.maxRssBytes),
      ...(heavy ? { heavyConcurrency: Math.max(1, envNumber(env, 'HEAVY_ROUTE_CONCURRENCY', 1)) } : {}),
    },
  };
}

/** The PostgreSQL client timeouts the environment sets, over the defaults. */
export function databaseTimeoutsFromEnv(env: Env = process.env): DatabaseTimeouts {
  const d = DEFAULT_DATABASE_TIMEOUTS;
  return {
    connectTimeoutMs: envNumber(env, 'DB_CONNECT_TIMEOUT_MS', d.connectTimeoutMs),
    statementTimeoutMs: envNumber(env, 'DB_STATEMENT_TIMEOUT_MS', d.statementTimeoutMs),
    queryTimeoutMs: envNumber(env, 'DB_QUERY_TIMEOUT_MS', d.queryTimeoutMs),
    idleInTransactionTimeoutMs: envNumber(
      env,
      'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      d.idleInTransactionTimeoutMs,
    ),
    keepAliveInitialDelayMs: envNumber(env, 'DB_KEEPALIVE_DELAY_MS', d.keepAliveInitialDelayMs),
    probeTimeoutMs: envNumber(env, 'DB_PROBE_TIMEOUT_MS', d.probeTimeoutMs),
    probeIntervalMs: Math.max(100, envNumber(env, 'DB_PROBE_INTERVAL_MS', d.probeIntervalMs)),
  };
}

/** What callers may set: any part of the configuration, the throttle policy included. */
export type ServerConfigOverrides = Omit<Partial<ServerConfig>, 'throttle' | 'http' | 'shedding'> & {
  throttle?: Partial<ThrottlePolicy>;
  http?: Partial<HttpTimeouts>;
  shedding?: Partial<SheddingPolicy>;
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
    demoReportsDelayMs: DEMO_REPORTS_DELAY_MS,
    random: Math.random,
    mailFrom: DEFAULT_MAIL_FROM,
    smtpLoopbackSink: false,
    defaultBackups: false,
    ...overrides,
    throttle: { ...DEFAULT_THROTTLE_POLICY, ...overrides.throttle },
    http: { ...DEFAULT_HTTP_TIMEOUTS, ...overrides.http },
    shedding: { ...DEFAULT_SHEDDING, ...overrides.shedding },
  };
}
