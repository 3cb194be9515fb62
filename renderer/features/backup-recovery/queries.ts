import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BackupJobInput, RestoreTestInput } from '../../../shared/api/backups';
import { call } from '../../lib/bridge';
import { onlyLogged } from '../../lib/loadFailure';
import { saveRecoveryPoint } from '../../lib/save-file';
import { BACKUP_TEXTS } from './texts';

/** Backups' key space and queries. */
export const backupQueries = {
  all: () => ['backup-recovery'] as const,
  /** Refreshed every 2 s while a backup, restore or restore test runs (its progress), else every 30 s. */
  overview: () =>
    queryOptions({
      queryKey: [...backupQueries.all(), 'overview'] as const,
      queryFn: () => call('backups.overview'),
      refetchInterval: (query) => {
        const data = query.state.data;
        const busy =
          data?.activity.some((a) => a.percent < 100) || data?.history.some((h) => h.status === 'running');
        return busy ? 2_000 : 30_000;
      },
      ...onlyLogged(BACKUP_TEXTS.loadFailed),
    }),
  /** The daily restore test's setting, next run and last result; refreshed with the overview. */
  restoreTest: () =>
    queryOptions({
      queryKey: [...backupQueries.all(), 'restore-test'] as const,
      queryFn: () => call('backups.restoreTest'),
      refetchInterval: 30_000,
      ...onlyLogged(BACKUP_TEXTS.loadFailed),
    }),
};

export const useBackupOverview = () => useQuery(backupQueries.overview());
export const useRestoreTest = () => useQuery(backupQueries.restoreTest());

function useRefreshing<T, R>(run: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => client.invalidateQueries({ queryKey: backupQueries.all() }),
  });
}

export const useRunBackup = () =>
  useRefreshing((jobId: string | undefined) => call('backups.runBackup', { body: jobId ? { jobId } : {} }));

export const useRestore = () =>
  useRefreshing((input: { id: string; confirmation: string }) =>
    call('backups.restore', { params: { id: input.id }, body: { confirmation: input.confirmation } }),
  );

/** Answered at once: the test's progress and outcome come with the overview's activity. */
export const useTestRestore = () =>
  useRefreshing((id: string) => call('backups.testRestore', { params: { id } }));

export const useSaveJob = () =>
  useRefreshing((input: { id?: string; body: BackupJobInput }) =>
    input.id
      ? call('backups.updateJob', { params: { id: input.id }, body: input.body })
      : call('backups.createJob', { body: input.body }),
  );

export const useSaveRestoreTest = () =>
  useRefreshing((body: RestoreTestInput) => call('backups.updateRestoreTest', { body }));

export const useDeleteJob = () =>
  useRefreshing((id: string) => call('backups.deleteJob', { params: { id } }));

export const useAddLocation = () =>
  useRefreshing((body: { name: string; path: string }) => call('backups.createLocation', { body }));

export const useCheckLocations = () => useRefreshing(() => call('backups.checkLocations'));

export const useRevealKey = () => useRefreshing(() => call('backups.revealKey'));

/** Download: the point's archive through the save dialog (a browser download in the browser host). */
export const useDownloadPoint = () => useMutation({ mutationFn: (id: string) => saveRecoveryPoint(id) });
