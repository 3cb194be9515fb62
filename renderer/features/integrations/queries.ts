import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';

export const integrationKeys = {
  all: ['integrations'] as const,
  list: () => [...integrationKeys.all, 'list'] as const,
  deliveries: () => [...integrationKeys.all, 'deliveries'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
};

export const useIntegrations = (enabled = true) =>
  useQuery({
    queryKey: integrationKeys.list(),
    enabled,
    queryFn: () => call('integrations.listIntegrations'),
  });

export const useDeliveries = () =>
  useQuery({
    queryKey: integrationKeys.deliveries(),
    queryFn: () => call('integrations.listDeliveries', { query: { limit: 100 } }),
  });

export const useApiKeys = () =>
  useQuery({ queryKey: integrationKeys.apiKeys(), queryFn: () => call('integrations.listApiKeys') });
