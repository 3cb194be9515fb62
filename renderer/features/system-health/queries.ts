import { queryOptions, useQuery } from '@tanstack/react-query';
import { MONITORING_REFRESH_MS } from '../../../shared/monitoring';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';
import { HEALTH_TEXTS } from './texts';

/** System health's key space and queries; part 2 §9: refreshed every 30 s. */
export const systemHealthQueries = {
  all: () => ['system-health'] as const,
  health: () =>
    queryOptions({
      queryKey: [...systemHealthQueries.all(), 'health'] as const,
      queryFn: () => call('monitoring.systemHealth'),
      refetchInterval: MONITORING_REFRESH_MS,
      placeholderData: (previous) => previous,
      ...onlyLogged(HEALTH_TEXTS.loadFailed),
    }),
  queues: () =>
    queryOptions({
      queryKey: [...systemHealthQueries.all(), 'queues'] as const,
      queryFn: () => call('jobs.listQueues'),
      refetchInterval: MONITORING_REFRESH_MS,
      ...onlyLogged(HEALTH_TEXTS.loadFailed),
    }),
};

export const useSystemHealth = () => useQuery(systemHealthQueries.health());

export const useJobQueues = () => useQuery(systemHealthQueries.queues());
