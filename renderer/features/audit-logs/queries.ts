import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { AUDIT_PAGE_MAX, type AuditListQuery } from '../../../shared/api/audit';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';

export const auditKeys = {
  all: ['audit-logs'] as const,
  pages: (query: AuditListQuery) => [...auditKeys.all, 'pages', query] as const,
  total: () => [...auditKeys.all, 'total'] as const,
  matching: (query: AuditListQuery) => [...auditKeys.all, 'matching', query] as const,
  verify: () => [...auditKeys.all, 'verify'] as const,
};

/** Part 2 §8: a load failure is only logged ('Failed to load audit logs'). */
async function logged<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    logError('Failed to load audit logs', error);
    throw error;
  }
}

/** The filtered, sorted trail in keyset pages, loaded as the table scrolls. */
export function useAuditPages(query: AuditListQuery) {
  return useInfiniteQuery({
    queryKey: auditKeys.pages(query),
    queryFn: ({ pageParam }) =>
      logged(() =>
        call('audit.listAuditLogs', {
          query: { ...query, limit: AUDIT_PAGE_MAX, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The y of 'Showing x of y audit logs': every record, unfiltered. */
export function useAuditTotal() {
  return useQuery({
    queryKey: auditKeys.total(),
    queryFn: () => logged(() => call('audit.listAuditLogs', { query: { limit: 1, withTotal: true } })),
    select: (page) => page.total ?? 0,
  });
}

/** The x: the records matching the filter, counted apart so the rows never wait for it. */
export function useAuditMatching(query: AuditListQuery) {
  return useQuery({
    queryKey: auditKeys.matching(query),
    queryFn: () =>
      logged(() => call('audit.listAuditLogs', { query: { ...query, limit: 1, withTotal: true } })),
    select: (page) => page.total ?? 0,
  });
}

/** The chain check, run when asked ("Verify integrity"). */
export function useAuditVerification() {
  return useQuery({
    queryKey: auditKeys.verify(),
    queryFn: () => call('audit.verifyAuditLogs'),
    enabled: false,
    staleTime: 0,
  });
}
