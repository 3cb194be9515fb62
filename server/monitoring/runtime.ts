/**
 * The signals of one running server: its identity and heartbeat, the minute timer that flushes the request
 * aggregate and samples the process, and the shared jobs (hour roll-ups, retention, probes).
 *
 * Why the flush and the sample are timers and not queued jobs: they read this process's own memory and
 * counters, and a queued job runs on whichever instance claims it. Work on shared rows (roll-ups,
 * retention, probes) is a job, run once across instances.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import { flushRequests } from './flush';
import {
  createProcessSampler,
  instanceIdentity,
  markStopped,
  registerInstance,
  SAMPLE_INTERVAL_MS,
  type InstanceIdentity,
} from './instance';
import { createEventStreamEcho, runProbes } from './probes';
import type { RequestRecorder } from './recorder';
import { purgeSignals, rollUpHours } from './rollup';

/** How often this instance's request aggregate is written: the screens lag the traffic by this much. */
export const FLUSH_INTERVAL_MS = 10_000;

export const SIGNAL_QUEUES = {
  rollup: 'signals-rollup',
  retention: 'signals-retention',
  probes: 'signals-probes',
} as const;

export interface SignalsOptions {
  database: Database;
  app: FastifyInstance;
  recorder: RequestRecorder;
  jobs?: JobRunner;
  version: string;
  now: () => number;
  dataFolder: string;
  logger: FastifyBaseLogger;
  /** false: no timers (tests call `flush` and `sample` themselves). Default true. */
  timers?: boolean;
}

export interface RunningSignals {
  identity: InstanceIdentity;
  /** Writes the request aggregate held in memory (every FLUSH_INTERVAL_MS). */
  flush(): Promise<number>;
  /** Takes a process sample, the heartbeat (every minute). */
  sample(): Promise<void>;
  probe(): ReturnType<typeof runProbes>;
  /** Flushes everything still in memory and marks the instance stopped. */
  stop(): Promise<void>;
}

const noData = z.object({}).strict();

export async function startSignals(options: SignalsOptions): Promise<RunningSignals> {
  const { database, app, recorder, jobs, now, logger } = options;
  const db = database.db;
  const identity = instanceIdentity(options.version, now());
  await registerInstance(db, identity);
  const sampler = createProcessSampler({
    db,
    identity,
    dataFolder: options.dataFolder,
    now,
    openConnections: () =>
      new Promise((resolve) => {
        if (!app.server.listening) return resolve(0);
        app.server.getConnections((error, count) => resolve(error ? 0 : count));
      }),
  });
  const echo = await createEventStreamEcho(database);
  const probeContext = { database, dataFolder: options.dataFolder, echo: echo.echo };
  const probe = () => runProbes(probeContext, identity.id, now());

  const flush = () => flushRequests(db, recorder, identity.id);

  if (jobs) {
    await jobs.define(SIGNAL_QUEUES.rollup, async () => void (await rollUpHours(db, now())), {
      data: noData,
      policy: 'stately',
      retries: 3,
    });
    await jobs.define(SIGNAL_QUEUES.retention, async () => void (await purgeSignals(db, now())), {
      data: noData,
      policy: 'stately',
      retries: 3,
    });
    await jobs.define(SIGNAL_QUEUES.probes, async () => void (await probe()), {
      data: noData,
      policy: 'stately',
      retries: 0,
      // A probe job is history every 30 s: an hour of completed ones is enough to see.
      keepCompletedSeconds: 3_600,
    });
    // UTC: hours are counted in UTC. The roll-up a few minutes past the hour, once every instance flushed.
    await jobs.schedule(SIGNAL_QUEUES.rollup, '3 * * * *', 'UTC', {});
    await jobs.schedule(SIGNAL_QUEUES.retention, '17 * * * *', 'UTC', {});
    await jobs.schedule(SIGNAL_QUEUES.probes, '*/30 * * * * *', 'UTC', {});
  }

  const timers: NodeJS.Timeout[] = [];
  if (options.timers !== false) {
    const every = (ms: number, work: () => Promise<unknown>, what: string) => {
      const timer = setInterval(() => {
        work().catch((error: unknown) => logger.warn({ err: error }, `could not ${what}`));
      }, ms);
      timer.unref();
      timers.push(timer);
    };
    every(FLUSH_INTERVAL_MS, flush, 'flush the request signals');
    every(SAMPLE_INTERVAL_MS, () => sampler.sample(), 'sample the process');
  }

  let stopping: Promise<void> | undefined;
  return {
    identity,
    flush,
    sample: () => sampler.sample(),
    probe,
    stop: () =>
      (stopping ??= (async () => {
        for (const timer of timers) clearInterval(timer);
        sampler.stop();
        await flushRequests(db, recorder, identity.id).catch((error: unknown) =>
          logger.warn({ err: error }, 'could not flush the request signals at stop'),
        );
        await markStopped(db, identity.id, now()).catch(() => undefined);
        await echo.close().catch(() => undefined);
      })()),
  };
}
