import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';

export const reportKeys = {
  all: ['reports'] as const,
  list: () => [...reportKeys.all, 'list'] as const,
  data: (id: string) => [...reportKeys.all, 'data', id] as const,
};

/** While a report is being generated the list is read again each second, until it is done. */
const RUNNING_POLL_MS = 1000;

export function useReports() {
  const query = useQuery({
    queryKey: reportKeys.list(),
    queryFn: async () => (await call('reports.listReports')).reports,
    refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'running') ? RUNNING_POLL_MS : false),
  });
  useEffect(() => {
    if (query.isError) logError('Failed to load reports', query.error);
  }, [query.isError, query.error]);
  return query;
}

/** The figures of a report's latest file (null before the first); read again after each generation. */
export function useReportData(id: string | null, generatedAt: string | null) {
  return useQuery({
    queryKey: [...reportKeys.data(id ?? ''), generatedAt],
    queryFn: () => call('reports.reportData', { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
}
