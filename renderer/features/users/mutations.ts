import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../../shared/bridge/contract';
import type { SettableUserStatus } from '../../../shared/users';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';
import { saveFile } from '../../lib/save-file';
import { userQueries } from './queries';

/** Every change reads the list and the figures again: other administrators change users too. */
function useUserChange<I, O>(run: (input: I) => Promise<O>, what: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userQueries.all() }),
    onError: (error) => logError(`${what} failed`, error),
  });
}

export const useCreateUser = () =>
  useUserChange(
    (body: ChannelInput<'users.createUser'>['body']) => call('users.createUser', { body }),
    'Adding the user',
  );

export const useUpdateUser = () =>
  useUserChange(
    ({ userId, changes }: { userId: string; changes: ChannelInput<'users.updateUser'>['body'] }) =>
      call('users.updateUser', { params: { userId }, body: changes }),
    'Changing the user',
  );

export const useSetUserStatus = () =>
  useUserChange(
    ({ userId, status }: { userId: string; status: SettableUserStatus }) =>
      call('users.setUserStatus', { params: { userId }, body: { status } }),
    'Changing the user status',
  );

export const useResetPassword = () =>
  useUserChange(
    ({ userId }: { userId: string }) => call('users.resetUserPassword', { params: { userId } }),
    'Resetting the password',
  );

export const useResetTwoFactor = () =>
  useUserChange(
    ({ userId }: { userId: string }) => call('users.resetTwoFactor', { params: { userId } }),
    'Resetting two-factor sign-in',
  );

/** Export users: the existing users export (part 2 §7), '{type}-export.{format}'. */
export function useExportUsers() {
  return useMutation({
    mutationFn: () => saveFile({ type: 'users', format: 'csv' }, 'users-export.csv'),
    onError: (error) => logError('Exporting the users failed', error),
  });
}
