import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../../shared/bridge/contract';
import { call } from '../../lib/bridge';
import { useOrganizationStore } from '../../app/state/useOrganizationStore';
import { organizationKeys } from './queries';
import { logError } from '../../lib/log';

/**
 * Part 1 §4: switching stores the id (main process), then clears and reloads the context, members and
 * stats of the new organization. The 'orgs:switched' event does the same for other windows.
 */
export function useSwitchOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => call('orgs:switch', { organizationId }),
    onSuccess: ({ organizationId }) => {
      useOrganizationStore.getState().setCurrent(organizationId);
      void queryClient.resetQueries({ queryKey: organizationKeys.one(organizationId) });
    },
    onError: (error) => logError('Switching organization failed', error),
  });
}

/** After a change, the organization's data is read again (its usage and stats move with it). */
function useInvalidateOrganization() {
  const queryClient = useQueryClient();
  return (organizationId: string) =>
    queryClient.invalidateQueries({ queryKey: organizationKeys.one(organizationId) });
}

export function useUpdateOrganization() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: (input: ChannelInput<'orgs:update'>) => call('orgs:update', input),
    onSuccess: (_data, input) => invalidate(input.organizationId),
  });
}

export function useInviteMember() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: (input: ChannelInput<'orgs:invite'>) => call('orgs:invite', input),
    onSuccess: (_data, input) => invalidate(input.organizationId),
  });
}

export function useUpdateMemberRole() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: (input: ChannelInput<'orgs:updateMember'>) => call('orgs:updateMember', input),
    onSuccess: (_data, input) => invalidate(input.organizationId),
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: (input: ChannelInput<'orgs:removeMember'>) => call('orgs:removeMember', input),
    onSuccess: (_data, input) => invalidate(input.organizationId),
  });
}
