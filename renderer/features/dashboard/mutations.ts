import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { dashboardKeys } from './queries';

/** Sets a month's sales and marketing spend; the figures (CAC) reload after it. */
export function useSetSpendMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { month: string; amount: number }) => call('business:setSpend', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  });
}
