import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';
import { REPORT_TEXTS } from './texts';

/** While a report is being generated the list is read again each second, until it is done. */
const RUNNING_POLL_MS = 1000;

/** Reports' key space and queries. */
export const reportQueries = {
  all: () => ['reports'] as const,
  list: () =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'list'] as const,
      queryFn: async () => (await call('reports.listReports')).reports,
      refetchInterval: (q) => (q.state.data?.some((r) => r.status === 'running') ? RUNNING_POLL_MS : false),
      ...onlyLogged(REPORT_TEXTS.loadFailed),
    }),
  /** The figures of a report's latest file (null before the first); read again after each generation. */
  data: (id: string, generatedAt: string | null) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'data', id, generatedAt] as const,
      queryFn: () => call('reports.reportData', { params: { id } }),
    }),
};

export const useReports = () => useQuery(reportQueries.list());

export const useReportData = (id: string | null, generatedAt: string | null) =>
  useQuery({ ...reportQueries.data(id ?? '', generatedAt), enabled: id !== null });
