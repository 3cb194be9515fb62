import { queryOptions, useQuery } from '@tanstack/react-query';
import { USER_TEXTS } from '../../../shared/users';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';

/** The users' key space and queries (part 2 §8: 'Failed to load user data' is logged; the table shows its error row too). */
export const userQueries = {
  all: () => ['users'] as const,
  list: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'list'] as const,
      queryFn: () => call('users.listUsers'),
      ...onlyLogged(USER_TEXTS.loadFailed),
    }),
  stats: () =>
    queryOptions({
      queryKey: [...userQueries.all(), 'stats'] as const,
      queryFn: () => call('users.userStats'),
      ...onlyLogged(USER_TEXTS.loadFailed),
    }),
};

export const useUsers = () => useQuery(userQueries.list());

export const useUserStats = () => useQuery(userQueries.stats());
