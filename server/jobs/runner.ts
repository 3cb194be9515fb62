/**
 * The server's one job runner: pg-boss on the server's own database. Jobs are rows in the `pgboss` schema,
 * claimed with `FOR UPDATE SKIP LOCKED`, so with several instances each job runs once; a claimed job whose
 * instance died is retried by another once its lease (`leaseSeconds`) has passed; a job that keeps failing
 * is retried with exponential backoff and then stays `failed`, the dead-letter state the overview shows.
 *
 * pg-boss owns its schema and its migrations (they follow the package's version, not ours): `start()`
 * creates or upgrades the `pgboss` schema under pg-boss's own advisory lock, so drizzle's migrations never
 * see those tables.
 */
import { setImmediate } from 'node:timers/promises';
import { PgBoss, fromPglite, systemClock, type Clock, type JobResult, type QueuePolicy } from 'pg-boss';
import type { z } from 'zod';
import type { Database } from '../db/client';

export const JOBS_SCHEMA = 'pgboss';

export interface JobContext {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  /** Aborted when the runner stops, or the lease ends, while the handler runs. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface QueueDefinition<T> {
  /** The payload's schema: a job sent by an older version is checked before its handler sees it. */
  data: z.ZodType<T>;
  /** Handlers of this queue running at once in one instance. Default 1. */
  concurrency?: number;
  /** Retries after the first attempt before the job is left failed (the dead-letter state). Default 3. */
  retries?: number;
  /** The first retry's delay; each next one doubles (with jitter), up to `retryDelayMaxSeconds`. Default 10. */
  retryDelaySeconds?: number;
  retryDelayMaxSeconds?: number;
  /** How long a claimed job may run; after it another instance takes it over (an attempt is spent). Default 900. */
  leaseSeconds?: number;
  /**
   * `standard`: any number queued and active. `singleton`: one active at a time across all instances.
   * `stately`: at most one queued and one active (a second send while one waits is dropped).
   * `exclusive`: at most one queued or active. Each may be narrowed per `singletonKey`.
   */
  policy?: Extract<QueuePolicy, 'standard' | 'singleton' | 'stately' | 'exclusive'>;
  /**
   * How often an idle worker looks for jobs when no notification woke it. Default 2 while notifications
   * are down, NOTIFY_BACKSTOP_SECONDS while they work; set, it holds for both.
   */
  pollingIntervalSeconds?: number;
  /** How long completed jobs stay visible. Default 7 days (pg-boss's). */
  keepCompletedSeconds?: number;
}

/** A job not finished yet: waiting (`queued`: created, or due for a retry) or claimed by a worker (`active`). */
export interface UnfinishedJob<T> {
  id: string;
  data: T;
  state: 'queued' | 'active';
}

export interface SendOptions {
  /** Jobs with the same key count as one for the queue's policy (singleton, stately, exclusive). */
  singletonKey?: string;
  startAfterSeconds?: number;
}

export interface JobRunnerOptions {
  database: Database;
  logger: { error(details: object, message: string): void; warn(details: object, message: string): void };
  /**
   * Run handlers, cron schedules and supervision here (default). False: an instance that only sends,
   * e.g. a test that wants the tables but no background work.
   */
  work?: boolean;
  /** pg-boss's clock: a `TestClock` in tests moves JavaScript timers and the database's `now()` together. */
  clock?: Clock;
  /** How often expired leases are looked for (and queue counts refreshed). Default 30. */
  superviseIntervalSeconds?: number;
  /** How often due cron schedules are turned into jobs. Default 30 (pg-boss's). */
  cronIntervalSeconds?: number;
}

export interface JobRunner {
  /** Declares a queue and its handler; before `start()`, or after it (then it is created at once). */
  define<T>(queue: string, handler: JobHandler<T>, definition: QueueDefinition<T>): Promise<void>;
  /** Queues a job; answers its id, or null when the queue's policy dropped it (a singleton already waits). */
  send<T>(queue: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * The queue's unfinished jobs, oldest first, on every instance: those whose payload contains `data`, or
   * with `queuedOnly` only the waiting ones (a claimed job is in one instance's hands; ask that one).
   */
  unfinished<T>(
    queue: string,
    filter: { data: Partial<T> } | { queuedOnly: true },
  ): Promise<UnfinishedJob<T>[]>;
  /** A cron schedule (5 fields, or 6 with seconds) in a time zone (IANA name), sending `data` each time. */
  schedule<T>(queue: string, cron: string, tz: string, data?: T): Promise<void>;
  /**
   * Removes the queue's cron schedule. Both act on pg-boss's schedule table, which every instance's cron
   * worker reads: one call changes it for all of them; a later `start()` applies the last word per queue.
   */
  unschedule(queue: string): Promise<void>;
  start(): Promise<void>;
  /**
   * Work of its own an owner runs beside the queues (a delivery loop): `start` once the runner has started
   * working (never on a send-only runner), `stop` awaited first thing in `stop()`, while the database is open.
   */
  alongside(work: { start(): void; stop(): Promise<void> }): void;
  /** Stops claiming, lets running handlers finish (up to `graceSeconds`, default 10), then closes. */
  stop(graceSeconds?: number): Promise<void>;
  readonly boss: PgBoss;
}

interface Defined {
  handler: JobHandler<unknown>;
  definition: QueueDefinition<unknown>;
}

/** Jobs a worker claims at once; see `install`. */
const BATCH_SIZE = 4;
const DEFAULTS = { retries: 3, retryDelaySeconds: 10, leaseSeconds: 900, pollingIntervalSeconds: 2 };
/**
 * How often an idle worker of a queue without a polling interval of its own looks for jobs while
 * notifications work: a sent job wakes it at once, so this only catches what no notification announces
 * (a retry's or a delayed job's time coming, a notification lost). At 2 s, the ~16 queues of an idle
 * console cost 8 statements a second for nothing (issue 27). pg-boss's own default is 30 s; retries
 * wait at least 10 s anyway.
 */
const NOTIFY_BACKSTOP_SECONDS = 15;
/**
 * The second wake-up of a delayed job's worker, after its time: the database stamped the job a moment
 * after the send call, on its own clock (see `send`).
 */
const DUE_MARGIN_MS = 50;

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { database, logger } = options;
  const work = options.work !== false;
  const connection =
    database.driver.kind === 'pglite'
      ? { db: fromPglite(database.driver.client), backend: 'pglite' as const }
      : // Its own small pool, so that a burst of jobs never takes the connections requests need.
        { connectionString: database.driver.url, max: 4, application_name: 'console-jobs' };
  const boss = new PgBoss({
    ...connection,
    schema: JOBS_SCHEMA,
    supervise: work,
    schedule: work,
    superviseIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    monitorIntervalSeconds: options.superviseIntervalSeconds ?? 30,
    cronWorkerIntervalSeconds: options.cronIntervalSeconds ?? 30,
    cronMonitorIntervalSeconds: options.cronIntervalSeconds ?? 30,
    // Our server lists its own instances elsewhere; this registry would only add a write per heartbeat.
    registerInstance: false,
    // A new job wakes the workers of every instance at once (NOTIFY; in-process on PGlite); polling
    // stays as the fallback, so a lost notification only delays a job by one poll.
    useListenNotify: work,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  // pg-boss reports background failures (a lost connection, a failed maintenance pass) as events.
  boss.on('error', (error) => logger.error({ err: error }, 'job runner error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'job runner warning'));

  const defined = new Map<string, Defined>();
  /** Per queue, its schedule, or null: none (removed at start, should an earlier run have left one). */
  const schedules = new Map<string, { queue: string; cron: string; tz: string; data: unknown } | null>();
  const companions: { start(): void; stop(): Promise<void> }[] = [];
  /** Per queue this instance works, its worker: a delayed job sent here wakes it when it is due. */
  const workers = new Map<string, string>();
  const wakeUps = new Set<ReturnType<Clock['setTimeout']>>();
  const clock: Clock = options.clock ?? systemClock;
  let started = false;

  const install = async (queue: string, { handler, definition }: Defined) => {
    const retryDelay = definition.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds;
    await boss.createQueue(queue, {
      policy: definition.policy ?? 'standard',
      retryLimit: definition.retries ?? DEFAULTS.retries,
      retryDelay,
      retryBackoff: true,
      ...(definition.retryDelayMaxSeconds ? { retryDelayMax: definition.retryDelayMaxSeconds } : {}),
      expireInSeconds: definition.leaseSeconds ?? DEFAULTS.leaseSeconds,
      notify: true,
      ...(definition.keepCompletedSeconds ? { deleteAfterSeconds: definition.keepCompletedSeconds } : {}),
    });
    // A queue made by an earlier version keeps its old settings unless told: the definition wins.
    await boss.updateQueue(queue, {
      retryLimit: definition.retries ?? DEFAULTS.retries,
      retryDelay,
      retryBackoff: true,
      expireInSeconds: definition.leaseSeconds ?? DEFAULTS.leaseSeconds,
      notify: true,
      ...(definition.keepCompletedSeconds ? { deleteAfterSeconds: definition.keepCompletedSeconds } : {}),
    });
    if (!work) return;
    const workerId = await boss.work<unknown>(
      queue,
      {
        localConcurrency: definition.concurrency ?? 1,
        pollingIntervalSeconds: definition.pollingIntervalSeconds ?? DEFAULTS.pollingIntervalSeconds,
        // A queue that set its own pace (delayed steps due on time) keeps it with notifications too.
        notifyPollingIntervalSeconds: definition.pollingIntervalSeconds ?? NOTIFY_BACKSTOP_SECONDS,
        // A worker waits a polling interval after each fetch unless the fetch came back full: claiming
        // a few at a time lets a backlog drain without pauses. They run one after the other, so the
        // concurrency limit holds, and each settles on its own (a failure retries only that job).
        batchSize: BATCH_SIZE,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (batch) => {
        const results: JobResult[] = [];
        for (const job of batch) {
          // PGlite answers without ever leaving the microtask queue: a worker draining a backlog would
          // keep the event loop from reading sockets, and requests would wait for the whole backlog.
          // One turn of the loop per job lets them in; their queries then queue fairly with the jobs'.
          await setImmediate();
          try {
            const data = definition.data.parse(job.data ?? {});
            await handler(data, { id: job.id, retryCount: job.retryCount, signal: job.signal });
            results.push({ id: job.id, status: 'completed' });
          } catch (error) {
            const failure = error instanceof Error ? error : new Error(String(error));
            results.push({
              id: job.id,
              status: 'failed',
              output: { name: failure.name, message: failure.message, stack: failure.stack },
            });
          }
        }
        return results;
      },
    );
    workers.set(queue, workerId);
  };

  const applySchedule = ({
    queue,
    cron,
    tz,
    data,
  }: {
    queue: string;
    cron: string;
    tz: string;
    data: unknown;
  }) => boss.schedule(queue, cron, (data ?? null) as object | null, { tz });

  return {
    boss,
    async define(queue, handler, definition) {
      const entry = { handler, definition } as Defined;
      if (defined.has(queue)) throw new Error(`job queue ${queue} is defined twice`);
      defined.set(queue, entry);
      if (started) await install(queue, entry);
    },
    async send(queue, data, sendOptions = {}) {
      const job = defined.get(queue);
      if (job) job.definition.data.parse(data);
      const id = await boss.send(queue, data as object, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.startAfterSeconds ? { startAfter: sendOptions.startAfterSeconds } : {}),
      });
      // No notification announces a delayed job's time: this instance's worker is woken then, instead of
      // every worker polling often enough to be on time (a demo alert's next step comes 2 s later). On
      // pg-boss's clock, twice: at its time (a test clock's tick moves the database's time to exactly
      // that) and DUE_MARGIN_MS after (on the system clock the database stamped the job a moment after
      // this call). The worker is looked up when due: the demo's first alert is sent before it exists.
      if (id && sendOptions.startAfterSeconds && work) {
        for (const ms of [0, DUE_MARGIN_MS]) {
          const timer = clock.setTimeout(
            () => {
              wakeUps.delete(timer);
              const workerId = workers.get(queue);
              if (workerId) boss.notifyWorker(workerId);
            },
            sendOptions.startAfterSeconds * 1000 + ms,
          );
          (timer as { unref?: () => void }).unref?.();
          wakeUps.add(timer);
        }
      }
      return id;
    },
    async unfinished<T>(queue: string, filter: { data: Partial<T> } | { queuedOnly: true }) {
      const jobs = await boss.findJobs<T>(queue, 'data' in filter ? { data: filter.data } : { queued: true });
      return jobs.flatMap((job): UnfinishedJob<T>[] =>
        job.state === 'created' || job.state === 'retry'
          ? [{ id: job.id, data: job.data, state: 'queued' }]
          : job.state === 'active'
            ? [{ id: job.id, data: job.data, state: 'active' }]
            : [],
      );
    },
    async schedule(queue, cron, tz, data) {
      const entry = { queue, cron, tz, data };
      if (started) await applySchedule(entry);
      schedules.set(queue, entry);
    },
    async unschedule(queue) {
      if (started) await boss.unschedule(queue);
      schedules.set(queue, null);
    },
    async start() {
      await boss.start();
      started = true;
      for (const [queue, entry] of defined) await install(queue, entry);
      for (const [queue, entry] of schedules) await (entry ? applySchedule(entry) : boss.unschedule(queue));
      if (work) for (const companion of companions) companion.start();
    },
    alongside(companion) {
      companions.push(companion);
      if (started && work) companion.start();
    },
    async stop(graceSeconds = 10) {
      for (const timer of wakeUps) clock.clearTimeout(timer);
      wakeUps.clear();
      await Promise.all(companions.map((companion) => companion.stop()));
      await boss.stop({ graceful: true, timeout: graceSeconds * 1000, close: true });
    },
  };
}
