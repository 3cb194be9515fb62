import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { useOrganizationStore } from '../../app/state/useOrganizationStore';
import { onlyLogged } from '../../lib/loadFailure';
import { ORGANIZATION_TEXTS } from './texts';

/**
 * The organizations' key space and queries: everything of one organization sits under `one(id)`. Part 1
 * §8: load failures of organizations, context, members and stats are only logged; the screen shows a
 * quiet state instead of an error.
 */
export const organizationQueries = {
  all: () => ['organizations'] as const,
  one: (id: string) => [...organizationQueries.all(), 'by-id', id] as const,
  list: () =>
    queryOptions({
      queryKey: [...organizationQueries.all(), 'list'] as const,
      queryFn: () => call('organizations.list'),
      ...onlyLogged(ORGANIZATION_TEXTS.loadFailed.list),
    }),
  context: (id: string) =>
    queryOptions({
      queryKey: [...organizationQueries.one(id), 'context'] as const,
      queryFn: () => call('organizations.context', { params: { id } }),
      ...onlyLogged(ORGANIZATION_TEXTS.loadFailed.context),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: [...organizationQueries.one(id), 'detail'] as const,
      queryFn: () => call('organizations.get', { params: { id } }),
      ...onlyLogged(ORGANIZATION_TEXTS.loadFailed.detail),
    }),
  members: (id: string) =>
    queryOptions({
      queryKey: [...organizationQueries.one(id), 'members'] as const,
      queryFn: () => call('organizations.members', { params: { id } }),
      ...onlyLogged(ORGANIZATION_TEXTS.loadFailed.members),
    }),
  stats: (id: string) =>
    queryOptions({
      queryKey: [...organizationQueries.one(id), 'stats'] as const,
      queryFn: () => call('organizations.stats', { params: { id } }),
      ...onlyLogged(ORGANIZATION_TEXTS.loadFailed.stats),
    }),
};

export function useCurrentOrganizationId(): string | null {
  return useOrganizationStore((state) => state.currentId);
}

export function useOrganizations() {
  return useQuery(organizationQueries.list());
}

export function useOrganizationContext(id: string | null) {
  return useQuery({ ...organizationQueries.context(id ?? ''), enabled: id !== null });
}

export function useOrganization(id: string | null) {
  return useQuery({ ...organizationQueries.detail(id ?? ''), enabled: id !== null });
}

export function useMembers(id: string | null) {
  return useQuery({ ...organizationQueries.members(id ?? ''), enabled: id !== null });
}

export function useOrganizationStats(id: string | null) {
  return useQuery({ ...organizationQueries.stats(id ?? ''), enabled: id !== null });
}
