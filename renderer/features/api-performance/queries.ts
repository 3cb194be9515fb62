import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ExportFormat } from '../../../shared/api/exports';
import { MONITORING_REFRESH_MS, type ApiRange } from '../../../shared/monitoring';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';
import { logError } from '../../lib/log';
import { saveText } from '../../lib/save-file';
import { API_PERFORMANCE_TEXTS } from './texts';

/** API performance's key space and queries. */
export const apiPerformanceQueries = {
  all: () => ['api-performance'] as const,
  range: (range: ApiRange) =>
    queryOptions({
      queryKey: [...apiPerformanceQueries.all(), range] as const,
      queryFn: () => call('monitoring.apiPerformance', { query: { range } }),
      refetchInterval: MONITORING_REFRESH_MS,
      placeholderData: (previous) => previous,
      ...onlyLogged(API_PERFORMANCE_TEXTS.loadFailed),
    }),
};

export const useApiPerformance = (range: ApiRange) => useQuery(apiPerformanceQueries.range(range));

/** Export Report: the server builds the file (and audits it), the main process saves it where the user says. */
export function useExportReport() {
  return useMutation({
    mutationFn: async ({ range, format }: { range: ApiRange; format: ExportFormat }) => {
      const report = await call('monitoring.apiReport', { body: { range, format } });
      return saveText(report.content, report.fileName);
    },
    onError: (error) => logError('Exporting the API performance report failed', error),
  });
}
