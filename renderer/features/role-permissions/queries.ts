import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';

/** The roles' key space and queries; other features (users, role verification) read the same ones. */
export const roleQueries = {
  all: () => ['roles'] as const,
  permissions: () =>
    queryOptions({
      queryKey: [...roleQueries.all(), 'permissions'] as const,
      queryFn: () => call('roles.listPermissions'),
    }),
  list: () =>
    queryOptions({
      queryKey: [...roleQueries.all(), 'list'] as const,
      queryFn: () => call('roles.listRoles'),
    }),
  userPermissions: (userId: string) =>
    queryOptions({
      queryKey: [...roleQueries.all(), 'user', userId] as const,
      queryFn: () => call('roles.userPermissions', { params: { userId } }),
    }),
};

export function usePermissionCatalogue(enabled = true) {
  return useQuery({ ...roleQueries.permissions(), enabled });
}

export function useRoles(enabled = true) {
  return useQuery({ ...roleQueries.list(), enabled });
}
