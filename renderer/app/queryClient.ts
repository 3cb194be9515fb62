import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      retry: 1,
      // A desktop window regains focus all the time; the header's Refresh button is the explicit reload.
      refetchOnWindowFocus: false,
    },
  },
});
