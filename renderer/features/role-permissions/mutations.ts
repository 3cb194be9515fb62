import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '../../../shared/api/roles';
import type { ChannelInput } from '../../../shared/bridge/contract';
import { call } from '../../lib/bridge';
import { roleQueries } from './queries';
import { logError } from '../../lib/log';

/**
 * Changes of the role model. Each answers the changed role, which replaces the cached one, and the list
 * is read again so that counts and other administrators' changes show.
 */
function useRoleChange<I>(run: (input: I) => Promise<unknown>, what: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (answer) => {
      if (isRole(answer)) {
        queryClient.setQueryData(roleQueries.list().queryKey, (roles) =>
          roles?.some((r) => r.id === answer.id)
            ? roles.map((r) => (r.id === answer.id ? answer : r))
            : [...(roles ?? []), answer],
        );
      }
      void queryClient.invalidateQueries({ queryKey: roleQueries.all() });
    },
    // Part 2 §8: failed role changes are logged; the screen also shows the server's words.
    onError: (error) => logError(`${what} failed`, error),
  });
}

function isRole(value: unknown): value is Role {
  return typeof value === 'object' && value !== null && 'isSystemRole' in value;
}

export const useCreateRole = () =>
  useRoleChange(
    (body: ChannelInput<'roles.createRole'>['body']) => call('roles.createRole', { body }),
    'Creating the role',
  );

export const useUpdateRole = () =>
  useRoleChange(
    ({ id, changes }: { id: string; changes: ChannelInput<'roles.updateRole'>['body'] }) =>
      call('roles.updateRole', { params: { id }, body: changes }),
    'Changing the role',
  );

export const useDeleteRole = () =>
  useRoleChange(
    ({ id }: { id: string }) => call('roles.deleteRole', { params: { id } }),
    'Deleting the role',
  );

/**
 * Part 2 §4: toggling adds the permission if absent and removes it if present. The cell changes at once
 * and goes back if the server refuses.
 */
export function useTogglePermission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ role, permissionId }: { role: Role; permissionId: string }) =>
      role.permissions.includes(permissionId)
        ? call('roles.revokePermission', { params: { id: role.id, permissionId } })
        : call('roles.grantPermission', { params: { id: role.id }, body: { permissionId } }),
    onMutate: async ({ role, permissionId }) => {
      await queryClient.cancelQueries({ queryKey: roleQueries.list().queryKey });
      const before = queryClient.getQueryData(roleQueries.list().queryKey);
      const permissions = role.permissions.includes(permissionId)
        ? role.permissions.filter((id) => id !== permissionId)
        : [...role.permissions, permissionId];
      queryClient.setQueryData(roleQueries.list().queryKey, (roles) =>
        roles?.map((r) => (r.id === role.id ? { ...r, permissions } : r)),
      );
      return { before };
    },
    onSuccess: (answer) =>
      queryClient.setQueryData(roleQueries.list().queryKey, (roles) =>
        roles?.map((r) => (r.id === answer.id ? answer : r)),
      ),
    onError: (error, _input, saved) => {
      logError('Toggling the permission failed', error);
      if (saved?.before) queryClient.setQueryData(roleQueries.list().queryKey, saved.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: roleQueries.all() }),
  });
}
