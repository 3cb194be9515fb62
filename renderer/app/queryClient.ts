import { QueryClient } from '@tanstack/react-query';
import { loggingQueryCache } from '../lib/loadFailure';

export const queryClient = new QueryClient({
  queryCache: loggingQueryCache(),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: 1,
      // A desktop window regains focus all the time; the header's Refresh button is the explicit reload.
      refetchOnWindowFocus: false,
    },
  },
});
