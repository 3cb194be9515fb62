import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { alertFeedQueries } from './queries';
import { logError } from '../../lib/log';

/** Dismisses an alert for this console (the main process keeps it; the tray count follows). */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('alerts:dismiss', { id }),
    onSuccess: (alerts) => queryClient.setQueryData(alertFeedQueries.feed().queryKey, alerts),
    onError: (error) => logError('Dismissing the alert failed', error),
  });
}
