import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './queryClient';
import { useAuthStore } from './state/useAuthStore';
import { useAppliedTheme } from './useAppliedTheme';
import { useSessionEvents } from './useSessionEvents';

export function AppProviders({ children }: { children: ReactNode }) {
  useSessionEvents();
  useAppliedTheme();

  // Data loaded for one user must not be shown to the next one.
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (previous.status === 'authenticated' && state.status !== 'authenticated') queryClient.clear();
      }),
    [],
  );

  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
