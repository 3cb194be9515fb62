import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportInput } from '../../../shared/api/reports';
import { call } from '../../lib/bridge';
import { saveReportFile } from '../../lib/save-file';
import { reportQueries } from './queries';

function useReportMutation<V>(mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportQueries.all() }),
  });
}

export const useCreateReport = () =>
  useReportMutation((body: ReportInput) => call('reports.createReport', { body }));
export const useUpdateReport = () =>
  useReportMutation(({ id, body }: { id: string; body: ReportInput }) =>
    call('reports.updateReport', { params: { id }, body }),
  );
export const useDeleteReport = () =>
  useReportMutation((id: string) => call('reports.deleteReport', { params: { id } }));
/**
 * Generate Now answers the report as `running`: shown at once, then the list's polling (each second while
 * one runs) brings the outcome.
 */
export function useGenerateReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('reports.generateReport', { params: { id } }),
    onSuccess: (running) =>
      queryClient.setQueryData(reportQueries.list().queryKey, (list) =>
        list?.map((r) => (r.id === running.id ? running : r)),
      ),
  });
}

/** Download: the latest file through the save dialog (a browser download in the browser host). */
export function useDownloadReport() {
  return useMutation({ mutationFn: (id: string) => saveReportFile(id) });
}
