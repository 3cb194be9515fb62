import { z } from 'zod';
import type { QueueDefinition } from '../../server/jobs/runner';

/** The queue the kill test and its child process share: a 2 s lease, a quick retry. */
export const TAKEOVER_QUEUE = 'takeover';
export const takeoverDefinition: QueueDefinition<{ n: number }> = {
  data: z.object({ n: z.number() }),
  leaseSeconds: 2,
  retries: 2,
  retryDelaySeconds: 1,
  pollingIntervalSeconds: 0.5,
};
