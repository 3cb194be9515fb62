import { useEffect, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BannerAlert } from '../../../shared/alerts';
import { call, onEvent } from '../../lib/bridge';

/** The banner's alerts live in the main process; this cache mirrors them ('alerts:changed' pushes). */
export const alertKeys = {
  all: ['alerts'] as const,
  feed: () => [...alertKeys.all, 'feed'] as const,
};

export function useAlertFeed() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onEvent('alerts:changed', ({ alerts }) =>
        queryClient.setQueryData<BannerAlert[]>(alertKeys.feed(), alerts),
      ),
    [queryClient],
  );
  return useQuery({
    queryKey: alertKeys.feed(),
    queryFn: () => call('alerts:list'),
    // Pushed, never stale: no refetch on focus or remount.
    staleTime: Infinity,
  });
}

const MINUTE = 60_000;
let minuteListeners = new Set<() => void>();
let minuteTimer: ReturnType<typeof setInterval> | undefined;
let currentMinute = Date.now();

function subscribeToMinutes(listener: () => void): () => void {
  minuteListeners.add(listener);
  minuteTimer ??= setInterval(() => {
    currentMinute = Date.now();
    for (const notify of [...minuteListeners]) notify();
  }, MINUTE / 2);
  return () => {
    minuteListeners.delete(listener);
    if (minuteListeners.size === 0) {
      clearInterval(minuteTimer);
      minuteTimer = undefined;
      minuteListeners = new Set();
    }
  };
}

/** The clock the time labels read ("{n}m ago"), moved every 30 s by one shared timer. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribeToMinutes, () => currentMinute);
}
