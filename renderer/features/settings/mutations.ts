import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../../shared/bridge/contract';
import { call } from '../../lib/bridge';
import { settingsQueries } from './queries';

export type SettingsSave = ChannelInput<'settings.update'>['body'];

/** Saves, then every reader of the settings (header, formats) gets the saved version. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsSave) => call('settings.update', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsQueries.document().queryKey, saved);
      // The console's own settings (name, formats, maintenance) follow at once, not at the next minute.
      void queryClient.invalidateQueries({ queryKey: settingsQueries.console().queryKey });
    },
  });
}

/** The "send test" buttons: they use the saved settings, and answer whether the message went out. */
export function useSendTest(kind: 'email' | 'webhook') {
  return useMutation({
    mutationFn: () =>
      kind === 'email' ? call('settings.testEmail', { body: {} }) : call('settings.testWebhook'),
  });
}
