import { useMutation, useQuery } from '@tanstack/react-query';
import type { ExportFormat } from '../../../shared/api/exports';
import { MONITORING_REFRESH_MS, type ApiRange } from '../../../shared/monitoring';
import { call } from '../../lib/bridge';
import { logError } from '../../lib/log';
import { saveText } from '../../lib/save-file';

export const apiPerformanceKeys = {
  all: ['api-performance'] as const,
  range: (range: ApiRange) => [...apiPerformanceKeys.all, range] as const,
};

/** Part 2 §8: a load failure is only logged, with this text. */
export const LOAD_FAILURE = 'Failed to load API performance data';

export function useApiPerformance(range: ApiRange) {
  return useQuery({
    queryKey: apiPerformanceKeys.range(range),
    queryFn: async () => {
      try {
        return await call('monitoring.apiPerformance', { query: { range } });
      } catch (error) {
        logError(LOAD_FAILURE, error);
        throw error;
      }
    },
    refetchInterval: MONITORING_REFRESH_MS,
    placeholderData: (previous) => previous,
  });
}

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
