import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';

/** Integrations' key space and queries: endpoints, their deliveries and the API keys. */
export const integrationQueries = {
  all: () => ['integrations'] as const,
  list: () =>
    queryOptions({
      queryKey: [...integrationQueries.all(), 'list'] as const,
      queryFn: () => call('integrations.listIntegrations'),
    }),
  deliveries: () =>
    queryOptions({
      queryKey: [...integrationQueries.all(), 'deliveries'] as const,
      queryFn: () => call('integrations.listDeliveries', { query: { limit: 100 } }),
    }),
  apiKeys: () =>
    queryOptions({
      queryKey: [...integrationQueries.all(), 'api-keys'] as const,
      queryFn: () => call('integrations.listApiKeys'),
    }),
};

export const useIntegrations = (enabled = true) => useQuery({ ...integrationQueries.list(), enabled });

export const useDeliveries = () => useQuery(integrationQueries.deliveries());

export const useApiKeys = () => useQuery(integrationQueries.apiKeys());
