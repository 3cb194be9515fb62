import { z } from 'zod';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { JobRunner } from '../jobs/runner';
import { purgeExpiredAuditDays } from './retention';

export const AUDIT_QUEUES = { retention: 'audit-retention' } as const;

/**
 * Audit retention, hourly in UTC (retention counts whole UTC days) and once at start. `stately` keeps at
 * most one waiting and one running whatever the number of instances.
 */
export async function defineAuditJobs(jobs: JobRunner, ctx: { db: Db; config: ServerConfig }): Promise<void> {
  await jobs.define(
    AUDIT_QUEUES.retention,
    async () => {
      await purgeExpiredAuditDays(ctx.db, {
        now: ctx.config.now(),
        retentionDays: ctx.config.auditRetentionDays,
      });
    },
    { data: z.object({}).strict(), policy: 'stately', retries: 5, retryDelaySeconds: 60 },
  );
  await jobs.schedule(AUDIT_QUEUES.retention, '0 * * * *', 'UTC', {});
}
