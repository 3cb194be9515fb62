import { z } from 'zod';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { maintainPartitions, type PartitionReport, type TimePartitioned } from '../db/partitions';
import { demoSeriesWaiting } from '../seed/waiting';
import type { JobRunner } from '../jobs/runner';

export const USAGE_QUEUES = { retention: 'usage-retention' } as const;

/**
 * Usage events are kept a year: the longest range (90 days) is compared with the 90 days before it, and a
 * year lets an admin look back at last season. Month partitions (migration 0027): retention drops a month
 * whole.
 */
export const USAGE_RETENTION_DAYS = 365;

export const USAGE_PARTITIONS: readonly TimePartitioned[] = [
  { table: 'usage_events', column: 'occurred_at', unit: 'month', retentionDays: USAGE_RETENTION_DAYS },
];

/**
 * Usage retention and the next month's partition; 'deferred' while a demo's first start has not moved its
 * usage yet (its events still carry the build's dates: retention would count them weeks older than they are).
 */
export async function purgeUsage(db: Db, now: number): Promise<Record<string, PartitionReport> | 'deferred'> {
  if (await demoSeriesWaiting(db)) return 'deferred';
  return maintainPartitions(db, USAGE_PARTITIONS, now);
}

/** Usage retention and the next month's partition, hourly in UTC; `stately`: one at a time whatever the instances. */
export async function defineUsageJobs(jobs: JobRunner, ctx: { db: Db; config: ServerConfig }): Promise<void> {
  await jobs.define(USAGE_QUEUES.retention, async () => void (await purgeUsage(ctx.db, ctx.config.now())), {
    data: z.object({}).strict(),
    policy: 'stately',
    retries: 3,
    retryDelaySeconds: 60,
  });
  await jobs.schedule(USAGE_QUEUES.retention, '41 * * * *', 'UTC', {});
}
