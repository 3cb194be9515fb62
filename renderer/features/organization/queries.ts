import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { useOrganizationStore } from '../../app/state/useOrganizationStore';
import { logError } from '../../lib/log';

/** Query keys: everything of one organization sits under `['organizations', id]`. */
export const organizationKeys = {
  all: ['organizations'] as const,
  list: () => [...organizationKeys.all, 'list'] as const,
  one: (id: string) => [...organizationKeys.all, 'by-id', id] as const,
  detail: (id: string) => [...organizationKeys.one(id), 'detail'] as const,
  context: (id: string) => [...organizationKeys.one(id), 'context'] as const,
  members: (id: string) => [...organizationKeys.one(id), 'members'] as const,
  stats: (id: string) => [...organizationKeys.one(id), 'stats'] as const,
};

/**
 * Part 1 §8: load failures of organizations, context, members and stats are only logged; the screen
 * shows a quiet state instead of an error.
 */
async function logged<T>(what: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    logError(`Could not load ${what}`, error);
    throw error;
  }
}

export function useCurrentOrganizationId(): string | null {
  return useOrganizationStore((state) => state.currentId);
}

export function useOrganizations() {
  return useQuery({
    queryKey: organizationKeys.list(),
    queryFn: () => logged('the organizations', () => call('organizations.list')),
  });
}

export function useOrganizationContext(id: string | null) {
  return useQuery({
    queryKey: organizationKeys.context(id ?? ''),
    queryFn: () =>
      logged('the organization context', () => call('organizations.context', { params: { id: id! } })),
    enabled: id !== null,
  });
}

export function useOrganization(id: string | null) {
  return useQuery({
    queryKey: organizationKeys.detail(id ?? ''),
    queryFn: () => logged('the organization', () => call('organizations.get', { params: { id: id! } })),
    enabled: id !== null,
  });
}

export function useMembers(id: string | null) {
  return useQuery({
    queryKey: organizationKeys.members(id ?? ''),
    queryFn: () => logged('the members', () => call('organizations.members', { params: { id: id! } })),
    enabled: id !== null,
  });
}

export function useOrganizationStats(id: string | null) {
  return useQuery({
    queryKey: organizationKeys.stats(id ?? ''),
    queryFn: () =>
      logged('the organization stats', () => call('organizations.stats', { params: { id: id! } })),
    enabled: id !== null,
  });
}
