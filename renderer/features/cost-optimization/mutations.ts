import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { dashboardQueries } from '../dashboard/queries';
import { costQueries } from './queries';

/** Imports a cost CSV; the cost screen and the dashboard's cloud figures reload after it. */
export function useImportCostsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => call('business.importCosts', { body: { csv } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: costQueries.all() }),
        queryClient.invalidateQueries({ queryKey: dashboardQueries.all() }),
      ]);
    },
  });
}
