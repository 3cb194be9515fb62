import { useQuery } from '@tanstack/react-query';
import { MONITORING_REFRESH_MS } from '../../../shared/monitoring';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';

export const systemHealthKeys = {
  all: ['system-health'] as const,
  health: () => [...systemHealthKeys.all, 'health'] as const,
  queues: () => [...systemHealthKeys.all, 'queues'] as const,
};

/** Part 2 §8: a load failure is only logged, with this text. */
export const LOAD_FAILURE = 'Failed to load system health';

async function logged<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    logError(LOAD_FAILURE, error);
    throw error;
  }
}

/** Part 2 §9: refreshed every 30 s. */
export function useSystemHealth() {
  return useQuery({
    queryKey: systemHealthKeys.health(),
    queryFn: () => logged(() => call('monitoring.systemHealth')),
    refetchInterval: MONITORING_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

export function useJobQueues() {
  return useQuery({
    queryKey: systemHealthKeys.queues(),
    queryFn: () => logged(() => call('jobs.listQueues')),
    refetchInterval: MONITORING_REFRESH_MS,
  });
}
