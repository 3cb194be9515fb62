import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_MAX, type AuditListQuery } from '../../../shared/api/audit';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';
import { AUDIT_TEXTS } from './texts';

/** Part 2 §8: a load failure is only logged ('Failed to load audit logs'). */
const logged = onlyLogged(AUDIT_TEXTS.loadFailed);

/** The audit trail's key space and queries. */
export const auditQueries = {
  all: () => ['audit-logs'] as const,
  /** The filtered, sorted trail in keyset pages, loaded as the table scrolls. */
  pages: (query: AuditListQuery) =>
    infiniteQueryOptions({
      queryKey: [...auditQueries.all(), 'pages', query] as const,
      queryFn: ({ pageParam }) =>
        call('audit.listAuditLogs', {
          query: { ...query, limit: AUDIT_PAGE_MAX, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      ...logged,
    }),
  /** The y of 'Showing x of y audit logs': every record, unfiltered. */
  total: () =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'total'] as const,
      queryFn: () => call('audit.listAuditLogs', { query: { limit: 1, withTotal: true } }),
      select: (page) => page.total ?? 0,
      ...logged,
    }),
  /** The x: the records matching the filter, counted apart so the rows never wait for it. */
  matching: (query: AuditListQuery) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'matching', query] as const,
      queryFn: () => call('audit.listAuditLogs', { query: { ...query, limit: 1, withTotal: true } }),
      select: (page) => page.total ?? 0,
      ...logged,
    }),
  /** The chain check, run when asked ("Verify integrity"). */
  verify: () =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'verify'] as const,
      queryFn: () => call('audit.verifyAuditLogs'),
      enabled: false,
      staleTime: 0,
    }),
};

export const useAuditPages = (query: AuditListQuery) => useInfiniteQuery(auditQueries.pages(query));

export const useAuditTotal = () => useQuery(auditQueries.total());

export const useAuditMatching = (query: AuditListQuery) => useQuery(auditQueries.matching(query));

export const useAuditVerification = () => useQuery(auditQueries.verify());
