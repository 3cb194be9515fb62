import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';
import { USER_TEXTS } from '../../../shared/users';

export const userKeys = {
  all: ['users'] as const,
  list: () => [...userKeys.all, 'list'] as const,
  stats: () => [...userKeys.all, 'stats'] as const,
};

/** Part 2 §8: 'Failed to load user data' is logged; the screen shows the table's error row too. */
async function logged<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    logError(USER_TEXTS.loadFailed, error);
    throw error;
  }
}

export const useUsers = () =>
  useQuery({ queryKey: userKeys.list(), queryFn: () => logged(() => call('users.listUsers')) });

export const useUserStats = () =>
  useQuery({ queryKey: userKeys.stats(), queryFn: () => logged(() => call('users.userStats')) });
