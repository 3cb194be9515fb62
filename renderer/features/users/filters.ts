import type { PlatformUser } from '../../../shared/api/users';
import type { UserStatus } from '../../../shared/users';

export interface UserFilter {
  search: string;
  /** A role id, or 'all'. */
  role: string;
  status: UserStatus | 'all';
}

export const NO_FILTER: UserFilter = { search: '', role: 'all', status: 'all' };

/**
 * Part 2 §2, §5: search is a case-insensitive substring of the name, email or center; the role and status
 * selects compare for equality; an empty filter value is ignored.
 */
export function filterUsers(users: readonly PlatformUser[], filter: UserFilter): PlatformUser[] {
  const needle = filter.search.trim().toLowerCase();
  return users.filter((user) => {
    if (filter.role !== 'all' && user.role !== filter.role) return false;
    if (filter.status !== 'all' && user.status !== filter.status) return false;
    if (!needle) return true;
    return [user.name, user.email, user.center?.name ?? ''].some((value) =>
      value.toLowerCase().includes(needle),
    );
  });
}

/** The role filter's options: the roles present, by label. */
export function roleOptions(users: readonly PlatformUser[]): { id: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const user of users) seen.set(user.role, user.roleName);
  return [...seen].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
}
