import { z } from 'zod';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import { purgeExpiredExports } from './expiry';

export const EXPORT_QUEUES = { expiry: 'export-expiry' } as const;

/** Expired exports are removed hourly and once at start; `stately`, as the audit retention. */
export async function defineExportJobs(
  jobs: JobRunner,
  ctx: { db: Db; config: ServerConfig },
): Promise<void> {
  await jobs.define(
    EXPORT_QUEUES.expiry,
    async () => {
      await purgeExpiredExports(ctx.db, { now: ctx.config.now(), keepDays: ctx.config.exportHistoryDays });
    },
    { data: z.object({}).strict(), policy: 'stately', retries: 5, retryDelaySeconds: 60 },
  );
  await jobs.schedule(EXPORT_QUEUES.expiry, '0 * * * *', 'UTC', {});
}
