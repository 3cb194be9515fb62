import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportInput } from '../../../shared/api/reports';
import { call } from '../../lib/bridge';
import { saveReportFile } from '../../lib/save-file';
import { reportKeys } from './queries';

function useReportMutation<V>(mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
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
export const useGenerateReport = () =>
  useReportMutation((id: string) => call('reports.generateReport', { params: { id } }));

/** Download: the latest file through the save dialog (a browser download in the browser host). */
export function useDownloadReport() {
  return useMutation({ mutationFn: (id: string) => saveReportFile(id) });
}
