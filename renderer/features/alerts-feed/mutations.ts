import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BannerAlert } from '../../../shared/alerts';
import { call } from '../../lib/bridge';
import { alertKeys } from './queries';
import { logError } from '../../lib/log';

/** Dismisses an alert for this console (the main process keeps it; the tray count follows). */
export function useDismissAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('alerts:dismiss', { id }),
    onSuccess: (alerts) => queryClient.setQueryData<BannerAlert[]>(alertKeys.feed(), alerts),
    onError: (error) => logError('Dismissing the alert failed', error),
  });
}
