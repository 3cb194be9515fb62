import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/bridge';

/** Two-factor sign-in's key space and queries: the user's own status, and the setup of a sign-in step. */
export const twoFactorQueries = {
  all: () => ['twoFactor'] as const,
  status: () =>
    queryOptions({
      queryKey: [...twoFactorQueries.all(), 'status'] as const,
      queryFn: () => call('account.twoFactorStatus'),
    }),
  /** One setup per step: a refetch would replace the secret the user is scanning. */
  signInSetup: () =>
    queryOptions({
      queryKey: [...twoFactorQueries.all(), 'signInSetup'] as const,
      queryFn: () => call('auth:twoFactorSetup'),
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
};
