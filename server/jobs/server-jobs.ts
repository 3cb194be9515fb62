import { z } from 'zod';
import { purgeExpiredAuditDays } from '../audit/retention';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { purgeExpiredExports } from '../exports/expiry';
import type { JobRunner } from './runner';

/** The server's own periodic work; retention is counted in UTC days, so its schedules are in UTC. */
export const SERVER_QUEUES = {
  auditRetention: 'audit-retention',
  exportExpiry: 'export-expiry',
} as const;

const noData = z.object({}).strict();

/**
 * Defines the server's periodic jobs, each hourly and once at start. `stately` keeps at most one waiting
 * and one running whatever the number of instances, so a start or a cron tick never piles them up.
 */
export async function defineServerJobs(
  jobs: JobRunner,
  ctx: { db: Db; config: ServerConfig },
): Promise<void> {
  await jobs.define(
    SERVER_QUEUES.auditRetention,
    async () => {
      await purgeExpiredAuditDays(ctx.db, {
        now: ctx.config.now(),
        retentionDays: ctx.config.auditRetentionDays,
      });
    },
    { data: noData, policy: 'stately', retries: 5, retryDelaySeconds: 60 },
  );
  await jobs.define(
    SERVER_QUEUES.exportExpiry,
    async () => {
      await purgeExpiredExports(ctx.db, { now: ctx.config.now(), keepDays: ctx.config.exportHistoryDays });
    },
    { data: noData, policy: 'stately', retries: 5, retryDelaySeconds: 60 },
  );
  for (const queue of Object.values(SERVER_QUEUES)) {
    await jobs.schedule(queue, '0 * * * *', 'UTC', {});
  }
}

/** After `start()`: a run now, as the hourly timers did, rather than up to an hour later. */
export async function runServerJobsNow(jobs: JobRunner): Promise<void> {
  for (const queue of Object.values(SERVER_QUEUES)) await jobs.send(queue, {});
}
