import { useQuery } from '@tanstack/react-query';
import type { CostPeriod } from '../../../shared/api/business';
import { call } from '../../lib/bridge';

export const costKeys = {
  all: ['cost'] as const,
  overview: (period: CostPeriod) => [...costKeys.all, 'overview', period] as const,
};

export function useCostOverview(period: CostPeriod) {
  return useQuery({
    queryKey: costKeys.overview(period),
    queryFn: () => call('cost:overview', { period }),
    refetchInterval: 30_000,
    placeholderData: (previous) => previous,
  });
}
