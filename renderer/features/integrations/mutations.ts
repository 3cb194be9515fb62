import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../../shared/bridge/contract';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';
import { integrationQueries } from './queries';

/** Every change reads the lists again: deliveries, health and keys move together. */
function useIntegrationChange<I, O>(run: (input: I) => Promise<O>, what: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => queryClient.invalidateQueries({ queryKey: integrationQueries.all() }),
    onError: (error) => logError(`${what} failed`, error),
  });
}

const byId = (id: string) => ({ params: { id } });

export const useCreateIntegration = () =>
  useIntegrationChange(
    (body: ChannelInput<'integrations.createIntegration'>['body']) =>
      call('integrations.createIntegration', { body }),
    'Adding the integration',
  );
export const useSyncIntegration = () =>
  useIntegrationChange((id: string) => call('integrations.syncIntegration', byId(id)), 'Sync Now');
export const useSetIntegrationEnabled = () =>
  useIntegrationChange(
    ({ id, enabled }: { id: string; enabled: boolean }) =>
      call('integrations.setIntegrationEnabled', { ...byId(id), body: { enabled } }),
    'Changing the integration',
  );
export const useDeleteIntegration = () =>
  useIntegrationChange(
    (id: string) => call('integrations.deleteIntegration', byId(id)),
    'Deleting the integration',
  );
export const useRevealApiKey = () =>
  useIntegrationChange((id: string) => call('integrations.revealApiKey', byId(id)), 'Revealing the API key');
export const useReplayDelivery = () =>
  useIntegrationChange((id: string) => call('integrations.replayDelivery', byId(id)), 'Replaying the event');
export const useGenerateApiKey = () =>
  useIntegrationChange(
    (body: ChannelInput<'integrations.generateApiKey'>['body']) =>
      call('integrations.generateApiKey', { body }),
    'Generating the key',
  );
export const useRegenerateApiKey = () =>
  useIntegrationChange(
    (id: string) => call('integrations.regenerateApiKey', byId(id)),
    'Regenerating the key',
  );
export const useRevokeApiKey = () =>
  useIntegrationChange((id: string) => call('integrations.revokeApiKey', byId(id)), 'Revoking the key');
export const useRotateSecret = () =>
  useIntegrationChange(
    (id: string) => call('integrations.rotateSecret', byId(id)),
    'Rotating the signing secret',
  );
