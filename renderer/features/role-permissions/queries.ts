import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';

export const roleKeys = {
  all: ['roles'] as const,
  permissions: () => [...roleKeys.all, 'permissions'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
  test: (id: string) => [...roleKeys.all, 'test', id] as const,
  userPermissions: (userId: string) => [...roleKeys.all, 'user', userId] as const,
  checks: () => [...roleKeys.all, 'checks'] as const,
};

export function usePermissionCatalogue(enabled = true) {
  return useQuery({
    queryKey: roleKeys.permissions(),
    queryFn: () => call('roles.listPermissions'),
    enabled,
  });
}

export function useRoles(enabled = true) {
  return useQuery({ queryKey: roleKeys.list(), queryFn: () => call('roles.listRoles'), enabled });
}
