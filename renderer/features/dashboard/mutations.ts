import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { dashboardQueries } from './queries';

/** Sets a month's sales and marketing spend; the figures (CAC) reload after it. */
export function useSetSpendMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ month, amount }: { month: string; amount: number }) =>
      call('business.setSpend', { params: { month }, body: { amount } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQueries.all() }),
  });
}
