import { useState } from 'react';
import type { RecoveryPoint } from '../../../shared/api/backups';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { KpiCard } from '../../components/ui/KpiCard';
import { LoadingState } from '../../components/ui/LoadingState';
import { PageHeader } from '../../components/ui/PageHeader';
import { PageTabs } from '../../components/ui/PageTabs';
import { formatDateTime } from '../../lib/format';
import { routeTitle } from '../../lib/navigation';
import { ConfigureDialog } from './ConfigureDialog';
import { errorMessage } from '../../lib/errors';
import { BACKUP_TEXTS } from './texts';
import { formatBytes } from './format';
import { KeyNotice } from './KeyNotice';
import { useBackupOverview, useDownloadPoint, useRunBackup, useTestRestore } from './queries';
import { RestoreDialog } from './RestoreDialog';
import { RestoreTestCard } from './RestoreTestCard';
import { HistoryTab, JobsTab, LocationsTab, RecoveryPointsTab } from './Tabs';

/** Backup & Recovery (part 2 §2): real backups of the console's database, restores and restore tests. */
export function BackupRecoveryPage() {
  const overview = useBackupOverview();
  const run = useRunBackup();
  const download = useDownloadPoint();
  const test = useTestRestore();
  const [configuring, setConfiguring] = useState(false);
  const [restoring, setRestoring] = useState<RecoveryPoint | null>(null);
  const data = overview.data;
  const busy = data?.activity.some((a) => a.kind === 'restore' && a.percent < 100) ?? false;
  // A test runs on after its request: the point's button waits for its outcome in the activity.
  const testing = new Set(
    (data?.activity ?? []).flatMap((a) => (a.kind === 'test' && a.percent < 100 && a.runId ? [a.runId] : [])),
  );
  if (test.isPending && test.variables) testing.add(test.variables);
  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/backup-recovery')}
        description={BACKUP_TEXTS.description}
        actions={
          <>
            <Button onClick={() => setConfiguring(true)} disabled={!data}>
              {BACKUP_TEXTS.configure}
            </Button>
            <Button variant="primary" onClick={() => run.mutate(undefined)} disabled={!data || run.isPending}>
              {BACKUP_TEXTS.runBackup}
            </Button>
          </>
        }
      />
      <InlineError message={run.error ? errorMessage(run.error, BACKUP_TEXTS.requestFailed) : null} />
      <InlineError
        message={download.error ? errorMessage(download.error, BACKUP_TEXTS.requestFailed) : null}
      />
      <InlineError message={test.error ? errorMessage(test.error, BACKUP_TEXTS.requestFailed) : null} />
      {!data ? (
        // Part 2 §8: a failure is only logged; the screen keeps waiting for the next refresh.
        <LoadingState label={BACKUP_TEXTS.loading} fallback={BACKUP_TEXTS.loading} />
      ) : (
        <>
          {data.keyPending ? <KeyNotice /> : null}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <KpiCard
              label={BACKUP_TEXTS.kpis.lastSuccessfulBackup}
              value={formatDateTime(data.kpis.lastSuccessfulBackup)}
            />
            <KpiCard
              label={BACKUP_TEXTS.kpis.lastVerifiedRestore}
              value={formatDateTime(data.kpis.lastVerifiedRestore)}
            />
            <KpiCard label={BACKUP_TEXTS.kpis.storageUsed} value={formatBytes(data.kpis.storageUsed)} />
            <KpiCard
              label={BACKUP_TEXTS.kpis.successRate}
              value={data.kpis.successRate30d === null ? '—' : `${data.kpis.successRate30d.toFixed(1)}%`}
            />
          </div>
          {data.activity.length > 0 ? (
            <section aria-label={BACKUP_TEXTS.inProgress} className="space-y-2">
              {data.activity.map((a) => (
                <div
                  key={`${a.kind}-${a.runId}`}
                  className="rounded-lg border border-line bg-surface p-3 text-sm text-fg"
                  // A restore or restore test answers at once and goes on: its outcome is announced here.
                  role={a.failed ? 'alert' : 'status'}
                >
                  <p className={a.failed ? 'font-medium text-red-600 dark:text-red-400' : undefined}>
                    {a.step}
                  </p>
                  <progress
                    className="mt-2 w-full"
                    max={100}
                    value={a.percent}
                    aria-label={`${a.kind} progress`}
                  >
                    {a.percent}%
                  </progress>
                </div>
              ))}
            </section>
          ) : null}
          <RestoreTestCard />
          <PageTabs
            tabs={[
              { name: BACKUP_TEXTS.tabs.jobs, panel: <JobsTab jobs={data.jobs} /> },
              { name: BACKUP_TEXTS.tabs.history, panel: <HistoryTab history={data.history} /> },
              { name: BACKUP_TEXTS.tabs.locations, panel: <LocationsTab locations={data.locations} /> },
              {
                name: BACKUP_TEXTS.tabs.points,
                panel: (
                  <RecoveryPointsTab
                    points={data.recoveryPoints}
                    onRestore={setRestoring}
                    onTest={(point) => test.mutate(point.id)}
                    onDownload={(point) => download.mutate(point.id)}
                    restoring={busy}
                    testing={testing}
                    downloading={download.isPending ? (download.variables ?? null) : null}
                  />
                ),
              },
            ]}
          />
          <ConfigureDialog open={configuring} onClose={() => setConfiguring(false)} data={data} />
          <RestoreDialog point={restoring} onClose={() => setRestoring(null)} />
        </>
      )}
    </div>
  );
}
