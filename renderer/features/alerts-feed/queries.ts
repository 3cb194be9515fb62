import { useEffect, useSyncExternalStore } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, onEvent } from '../../lib/bridge';

/**
 * The banner's alerts live in the main process; this cache mirrors them ('alerts:changed' pushes). Its own
 * key space, apart from alerting's ('alerting').
 */
export const alertFeedQueries = {
  all: () => ['alerts-feed'] as const,
  feed: () =>
    queryOptions({
      queryKey: [...alertFeedQueries.all(), 'feed'] as const,
      queryFn: () => call('alerts:list'),
      // Pushed, never stale: no refetch on focus or remount.
      staleTime: Infinity,
    }),
};

export function useAlertFeed() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onEvent('alerts:changed', ({ alerts }) =>
        queryClient.setQueryData(alertFeedQueries.feed().queryKey, alerts),
      ),
    [queryClient],
  );
  return useQuery(alertFeedQueries.feed());
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
