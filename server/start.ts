import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import path from 'node:path';
import type { StartNotice } from './app';
import { buildApp } from './app';
import type { ServerConfigOverrides } from './config';
import { openDatabase, type Database } from './db/client';
import { migrateDatabase } from './db/migrate';
import {
  fallBackToPrevious,
  newestPreviousFolder,
  recoverPgliteFolders,
  removePreviousFolders,
  removeStaleLockFile,
} from './db/pglite-folders';
import { DEMO_SNAPSHOT_FILE, EMPTY_SNAPSHOT_FILE } from './db/snapshot';
import { extractSnapshot } from './db/snapshot-files';
import { fillDemoDay } from './seed/anchor';
import { seedDemo as loadDemoDataset } from './seed/demo';
import type { Clock } from 'pg-boss';
import {
  databaseTimeoutsFromEnv,
  demoReportsFromEnv,
  isOff,
  resilienceFromEnv,
  resolveConfig,
} from './config';
import { parseAllowedHosts, parseTrustProxy } from './http/edge';
import { createLogger } from './logger';
import { createJobRunner, type JobRunner } from './jobs/runner';
import type { OutboundPolicy } from './security/outbound';
import { clockFrom, type TestFaults } from './testing/faults';
import { loadSecretKey } from './security/secret-box';
import { SERVER_MODULES } from './modules';
import { createRequestRecorder } from './monitoring/recorder';
import { startSignals, type RunningSignals } from './monitoring/runtime';
import { createStartupTimer, type StartupPhases } from './startup-timer';

export interface StartServerOptions {
  /** Default 127.0.0.1: the embedded server is for this machine only. */
  host?: string;
  /** Default 0: any free port. */
  port?: number;
  /** PostgreSQL; without it, PGlite in `dataDir`, or in memory. */
  databaseUrl?: string;
  dataDir?: string;
  /**
   * The console's data folder (backups/, config/): by default CONSOLE_DATA_DIR, else `dataDir`, else the
   * working folder. The embedded server names its app's data folder (its PGlite lives in database/ there).
   */
  dataFolder?: string;
  /**
   * Load the demo dataset into an empty database. With `databaseUrl`, only when true: a real database
   * never gets demo accounts by accident. With PGlite, unless false.
   */
  seedDemo?: boolean;
  logger?: FastifyBaseLogger;
  /** Overrides of the server configuration; `jwtSecret` defaults to env JWT_SECRET. */
  config?: ServerConfigOverrides;
  migrationsFolder?: string;
  /** The demo database dump a new PGlite data directory starts from (made by the build). */
  demoSnapshotFile?: string;
  /** The empty database's dump (made by the build) it starts from without the demo. */
  emptySnapshotFile?: string;
  /**
   * The extraction of that dump into `dataDir`, already under way (server/worker.ts starts it before it
   * loads the server's modules, which it overlaps); answers whether it extracted.
   */
  snapshotExtraction?: Promise<boolean>;
  /** The job runner's clock: tests pass pg-boss's `TestClock` to move jobs' time by hand. */
  jobClock?: Clock;
  /** Test-only: addresses outgoing webhooks may reach although not public (a loopback sink). */
  outbound?: OutboundPolicy;
  /** Test builds only: the fault switch (server/testing/faults.ts). Only the browser host passes it. */
  testFaults?: TestFaults;
  /**
   * The per-launch secret every request must carry (the embedded server: its main process made it);
   * default `CONSOLE_LAUNCH_SECRET`, else none (the standalone server answers without one).
   */
  launchSecret?: string;
}

export interface RunningServer {
  /** `http://host:port`, without a trailing slash. */
  url: string;
  app: FastifyInstance;
  database: Database;
  /** The server's job runner, started: other parts define their queues on it. */
  jobs: JobRunner;
  /** This instance's monitoring signals (identity, minute tick, probes). */
  signals: RunningSignals;
  /** How long each step of the start took (ms), in order. */
  startup: StartupPhases;
  /**
   * Settles when what a start leaves running after it answers is done: a first start's fill of the demo's
   * intraday series (seed/anchor.ts, fillDemoDay). Never rejects (a failure is logged; the next start
   * continues it).
   */
  settled: Promise<void>;
  /** Stops accepting requests, lets running ones finish, then closes the database. */
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const { host = '127.0.0.1', port = 0, databaseUrl, dataDir } = options;
  const dataFolder = options.dataFolder ?? (process.env.CONSOLE_DATA_DIR || dataDir || process.cwd());
  const wantsDemo = databaseUrl ? options.seedDemo === true : options.seedDemo !== false;
  const logger = options.logger ?? createLogger();
  const timer = createStartupTimer();
  const folder = !databaseUrl && dataDir ? dataDir : undefined;
  if (folder) {
    for (const done of await recoverPgliteFolders(folder)) logger.warn(`PGlite data folder: ${done}`);
  }
  // A new folder starts from one of the build's databases, extracted by Node (not by PGlite's loadDataDir):
  // the demo's, or without the demo the empty one (migrated: no initdb, no migrations from nothing). Without
  // the file (sources not built), PGlite's initdb makes the database.
  const snapshotFile = wantsDemo
    ? (options.demoSnapshotFile ?? DEMO_SNAPSHOT_FILE)
    : (options.emptySnapshotFile ?? EMPTY_SNAPSHOT_FILE);
  const extracted = folder
    ? await (options.snapshotExtraction ?? extractSnapshot(snapshotFile, folder))
    : false;
  if (extracted) timer.mark(wantsDemo ? 'extract demo snapshot' : 'extract empty snapshot');
  const { database, notices } = folder
    ? await openPgliteFolder(folder, logger)
    : {
        database: await openDatabase({ url: databaseUrl, timeouts: databaseTimeoutsFromEnv() }),
        notices: [],
      };
  timer.mark('open database');
  const jwtSecret = options.config?.jwtSecret ?? (process.env.JWT_SECRET || undefined);
  // A server with the demo dataset also plays the banner's demonstration alerts.
  const config = {
    demoAlerts: wantsDemo,
    ...mailFromEnvironment(),
    trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    allowedHosts: parseAllowedHosts(process.env.CONSOLE_ALLOWED_HOSTS),
    dataFolder,
    backupIdentity: process.env.BACKUP_IDENTITY || undefined,
    defaultBackups: !isOff(process.env.CONSOLE_DEFAULT_BACKUPS),
    ...demoReportsFromEnv(),
    launchSecret: options.launchSecret ?? (process.env.CONSOLE_LAUNCH_SECRET || undefined),
    ...resilienceFromEnv(),
    ...options.config,
    ...(options.testFaults ? { testFaults: options.testFaults } : {}),
    ...(options.testFaults?.startAt === undefined ? {} : { now: clockFrom(options.testFaults.startAt) }),
    jwtSecret,
  };
  const serverConfig = resolveConfig(config);
  try {
    // Also after a snapshot: it may predate the newest migrations. It moves the snapshot's demo to today.
    await migrateDatabase(database, { migrationsFolder: options.migrationsFolder, now: serverConfig.now() });
    timer.mark('migrate');
    if (wantsDemo) await loadDemoDataset(database, { now: serverConfig.now(), reports: true });
    timer.mark('demo data');

    // One runner per server: its workers, cron and lease supervision run beside the requests.
    const jobs = createJobRunner({
      database,
      logger,
      ...(options.jobClock ? { clock: options.jobClock } : {}),
    });
    const requestRecorder = createRequestRecorder();
    // The secret box's key never lives in the database: CONSOLE_SECRET_KEY, else a key file beside
    // the data (PGlite's folder, or the working folder of a PostgreSQL server); in memory, none is kept.
    const keyFolder = dataDir ?? (databaseUrl ? process.cwd() : undefined);
    const secretKey =
      process.env.CONSOLE_SECRET_KEY || keyFolder
        ? await loadSecretKey({
            env: process.env.CONSOLE_SECRET_KEY || undefined,
            dataFolder: keyFolder ?? '',
          })
        : undefined;
    timer.mark('secret key');
    const app = await buildApp({
      database,
      config,
      logger,
      jobs,
      requestRecorder,
      ...(notices.length > 0 ? { startNotices: notices } : {}),
      ...(secretKey ? { secretKey } : {}),
      ...(options.outbound ? { outbound: options.outbound } : {}),
    });
    timer.mark('build app');
    let address: string;
    let signals: RunningSignals | undefined;
    let settled: Promise<void> = Promise.resolve();
    let closing: Promise<void> | undefined;
    try {
      signals = await startSignals({
        database,
        app,
        recorder: requestRecorder,
        jobs,
        version: serverConfig.version,
        now: serverConfig.now,
        dataFolder,
        logger,
      });
      timer.mark('signals');
      await jobs.start();
      timer.mark('job runner');
      for (const module of SERVER_MODULES) await module.start?.(jobs);
      timer.mark('modules');
      address = await app.listen({ host, port });
      timer.mark('listen');
      // The first probe and sample at once: the screens show statuses and load from the start, not later.
      void signals.probe().catch((error: unknown) => logger.warn({ err: error }, 'first probe failed'));
      void signals.sample().catch((error: unknown) => logger.warn({ err: error }, 'first sample failed'));
      // Started on the folder a restore put in place: the one it replaced is no longer needed.
      if (folder) {
        const removed = await removePreviousFolders(folder);
        if (removed > 0) logger.info(`PGlite data folder: removed ${removed} folder(s) a restore replaced`);
      }
      // After it answers, and after this start has returned (a macrotask later): a request waits for a
      // step of the fill at most, not the whole of it, and the caller hears that the server listens first.
      // On PGlite the fill's statements run as microtasks: begun here, its first step (the series' move,
      // ~0.5 s) would run before the caller's continuation.
      settled = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => fillDemoDay(database.db, () => closing !== undefined))
        .then(
          () => undefined,
          (error: unknown) => logger.warn({ err: error }, 'the demo could not be filled up to now'),
        );
    } catch (error) {
      await signals?.stop().catch(() => undefined);
      await jobs.stop(0).catch(() => undefined);
      await app.close();
      throw error;
    }

    return {
      url: address.replace(/\/$/, ''),
      app,
      database,
      jobs,
      signals,
      startup: timer.phases(),
      settled,
      // The fill stops between hours; signals and jobs next: both still need the database (the last
      // minute is flushed).
      close: () =>
        (closing ??= settled
          .then(() => signals.stop())
          .finally(() => jobs.stop().finally(() => app.close().finally(() => database.close())))),
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * Opens PGlite in its data folder. A folder that does not open is repaired where it can be, else falls back
 * to the last good state; either is said in the log and answered as a notice for the admin (an alert):
 * - a lock file a kill left torn (postmaster.pid): removed, and the folder opened again with its data;
 * - where a restore left the folder it replaced: that one is put back (the failed one kept beside it).
 * A folder that still does not open stops the start with the reason (nothing is thrown away).
 */
async function openPgliteFolder(
  dataDir: string,
  logger: FastifyBaseLogger,
): Promise<{ database: Database; notices: StartNotice[] }> {
  let failure: unknown;
  try {
    return { database: await openDatabase({ dataDir }), notices: [] };
  } catch (error) {
    failure = error;
  }
  if (await removeStaleLockFile(dataDir)) {
    try {
      const database = await openDatabase({ dataDir });
      logger.warn({ err: failure }, `PGlite data folder: ${LOCK_FILE_REPAIRED}`);
      return {
        database,
        notices: [{ title: 'Database repaired at start', description: LOCK_FILE_REPAIRED }],
      };
    } catch (error) {
      failure = error;
    }
  }
  const previous = await newestPreviousFolder(dataDir);
  if (!previous) {
    logger.fatal(
      { err: failure },
      `The PGlite data folder ${dataDir} does not open, and no earlier folder is kept`,
    );
    throw failure;
  }
  const failed = await fallBackToPrevious(dataDir, previous);
  const description = `The database folder did not open; the server started on the one the last restore replaced (the failed one is kept as ${path.basename(failed)}).`;
  logger.error({ err: failure }, `PGlite data folder: ${description}`);
  return {
    database: await openDatabase({ dataDir }),
    notices: [{ title: 'Database fell back at start', description }],
  };
}

/** What the log and the admin's alert say when a torn lock file was removed. */
export const LOCK_FILE_REPAIRED =
  'The database did not open after the server stopped without closing it: its lock file (postmaster.pid) was left damaged. The lock file was removed and the database opened with its data.';

/**
 * SMTP_URL, MAIL_FROM and CONSOLE_PUBLIC_URL: the invitation mail and its links (issue 13);
 * SMTP_ALLOW_LOOPBACK_SINK (issue 25): a loopback SMTP sink without TLS.
 */
function mailFromEnvironment(): ServerConfigOverrides {
  const env = process.env;
  return {
    ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}),
    ...(isOn(env.SMTP_ALLOW_LOOPBACK_SINK) ? { smtpLoopbackSink: true } : {}),
    ...(env.MAIL_FROM ? { mailFrom: env.MAIL_FROM } : {}),
    ...(env.CONSOLE_PUBLIC_URL ? { consolePublicUrl: env.CONSOLE_PUBLIC_URL } : {}),
  };
}

/** `1`, `true`, `yes` or `on` (any case) turn a flag on (`isOff`, config.ts: the other way). */
const isOn = (value: string | undefined) => /^(1|true|yes|on)$/i.test(value?.trim() ?? '');
