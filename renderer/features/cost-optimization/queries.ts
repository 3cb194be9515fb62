import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CostPeriod } from '../../../shared/api/business';
import { call } from '../../lib/bridge';

/** Cloud costs' key space and queries. */
export const costQueries = {
  all: () => ['cost'] as const,
  overview: (period: CostPeriod) =>
    queryOptions({
      queryKey: [...costQueries.all(), 'overview', period] as const,
      queryFn: () => call('cost:overview', { period }),
      refetchInterval: 30_000,
      placeholderData: (previous) => previous,
    }),
};

export const useCostOverview = (period: CostPeriod) => useQuery(costQueries.overview(period));
