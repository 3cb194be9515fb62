import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The states a background job passes through; `failed` is the dead-letter state (retries spent). */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** How many of a queue's latest failures the overview lists. */
export const JOB_RECENT_FAILURES = 5;

export const jobFailure = z.object({
  id: z.string(),
  failedAt: z.string().nullable(),
  /** Attempts after the first. */
  retries: z.number().int(),
  error: z.string(),
});
export type JobFailure = z.infer<typeof jobFailure>;

export const jobQueueSummary = z.object({
  name: z.string(),
  policy: z.string(),
  counts: z.object(
    Object.fromEntries(JOB_STATES.map((s) => [s, z.number().int()])) as Record<JobState, z.ZodNumber>,
  ),
  recentFailures: z.array(jobFailure),
});
export type JobQueueSummary = z.infer<typeof jobQueueSummary>;

/** The job runner's queues for the system health screen: counts by state and the latest failures. */
export const jobEndpoints = {
  listQueues: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/jobs/queues',
    summary: "The background job queues: each queue's jobs by state and its latest failures",
    data: z.object({ queues: z.array(jobQueueSummary) }),
    auth: 'token',
    permission: 'system.view_health',
  }),
} as const;
