import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../../shared/bridge/contract';
import { call } from '../../lib/bridge';
import { useOrganizationStore } from '../../app/state/useOrganizationStore';
import { organizationQueries } from './queries';
import { logError } from '../../lib/log';
import { ORGANIZATION_TEXTS } from './texts';

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
      void queryClient.resetQueries({ queryKey: organizationQueries.one(organizationId) });
    },
    onError: (error) => logError(ORGANIZATION_TEXTS.switchFailed, error),
  });
}

/** After a change, the organization's data is read again (its usage and stats move with it). */
function useInvalidateOrganization() {
  const queryClient = useQueryClient();
  return (organizationId: string) =>
    queryClient.invalidateQueries({ queryKey: organizationQueries.one(organizationId) });
}

type Body<C extends 'organizations.update' | 'organizations.invite' | 'organizations.updateMember'> =
  ChannelInput<C>['body'];

export function useUpdateOrganization() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: ({
      organizationId,
      changes,
    }: {
      organizationId: string;
      changes: Body<'organizations.update'>;
    }) => call('organizations.update', { params: { id: organizationId }, body: changes }),
    onSuccess: (_data, input) => invalidate(input.organizationId),
  });
}

export function useInviteMember() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: ({ organizationId, ...body }: Body<'organizations.invite'> & { organizationId: string }) =>
      call('organizations.invite', { params: { id: organizationId }, body }),
    onSuccess: (_data, input) => invalidate(input.organizationId),
  });
}

type MemberInput = { organizationId: string; userId: string };

export function useUpdateMemberRole() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: ({ organizationId, userId, ...body }: Body<'organizations.updateMember'> & MemberInput) =>
      call('organizations.updateMember', { params: { id: organizationId, userId }, body }),
    onSuccess: (_data, input) => invalidate(input.organizationId),
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateOrganization();
  return useMutation({
    mutationFn: ({ organizationId, userId }: MemberInput) =>
      call('organizations.removeMember', { params: { id: organizationId, userId } }),
    onSuccess: (_data, input) => invalidate(input.organizationId),
  });
}
