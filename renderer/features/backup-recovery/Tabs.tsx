import type { BackupOverview, RecoveryPoint } from '../../../shared/api/backups';
import { Button } from '../../components/ui/Button';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { LoadBar } from '../../components/ui/LoadBar';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { formatBytes, formatSeconds, usedPercent } from './format';
import { JOB_STATUS, RUN_STATUS, STORAGE_STATUS, VERIFICATION } from './statuses';
import { BACKUP_TEXTS } from './texts';

const badge = ([tone, text]: [Parameters<typeof StatusBadge>[0]['tone'], string]) => (
  <StatusBadge tone={tone}>{text}</StatusBadge>
);

type Job = BackupOverview['jobs'][number];
type Run = BackupOverview['history'][number];
type Location = BackupOverview['locations'][number];

const JOB_COLUMNS: readonly DataColumn<Job>[] = [
  { id: 'name', header: 'Name', cell: (job) => job.name },
  { id: 'type', header: 'Type', cell: (job) => job.type },
  { id: 'source', header: 'Source', cell: (job) => job.source },
  { id: 'destination', header: 'Destination', cell: (job) => job.destination },
  { id: 'schedule', header: 'Schedule', cell: (job) => job.schedule, className: 'font-mono' },
  { id: 'status', header: 'Status', cell: (job) => badge(JOB_STATUS[job.status]!) },
  { id: 'lastRun', header: 'Last run', cell: (job) => formatDateTime(job.lastRun) },
  { id: 'nextRun', header: 'Next run', cell: (job) => (job.nextRun ? formatDateTime(job.nextRun) : '—') },
  { id: 'size', header: 'Size', cell: (job) => formatBytes(job.size) },
  { id: 'duration', header: 'Duration', cell: (job) => formatSeconds(job.duration) },
  { id: 'retention', header: 'Retention', cell: (job) => `${job.retention} days` },
  { id: 'compression', header: 'Compression', cell: (job) => job.compression },
  { id: 'encryption', header: 'Encryption', cell: (job) => job.encryption },
];

const RUN_COLUMNS: readonly DataColumn<Run>[] = [
  { id: 'job', header: 'Job', cell: (run) => run.jobName },
  { id: 'type', header: 'Type', cell: (run) => run.type },
  { id: 'start', header: 'Start', cell: (run) => formatDateTime(run.startTime) },
  { id: 'end', header: 'End', cell: (run) => (run.endTime ? formatDateTime(run.endTime) : '—') },
  { id: 'status', header: 'Status', cell: (run) => badge(RUN_STATUS[run.status]!) },
  { id: 'size', header: 'Size', cell: (run) => formatBytes(run.size) },
  { id: 'duration', header: 'Duration', cell: (run) => formatSeconds(run.duration) },
  { id: 'tables', header: 'Tables', cell: (run) => run.filesBackedUp },
  {
    id: 'error',
    header: 'Error',
    cell: (run) => run.errorMessage ?? '',
    className: 'break-words text-red-700 dark:text-red-400',
    width: 'minmax(0,2fr)',
  },
];

const LOCATION_COLUMNS: readonly DataColumn<Location>[] = [
  { id: 'name', header: 'Name', cell: (l) => l.name },
  { id: 'type', header: 'Type', cell: (l) => `${l.type} (${l.provider})` },
  { id: 'path', header: 'Path', cell: (l) => l.path, className: 'font-mono text-xs break-all' },
  { id: 'capacity', header: 'Capacity', cell: (l) => formatBytes(l.capacity) },
  { id: 'used', header: 'Used', cell: (l) => formatBytes(l.used) },
  { id: 'available', header: 'Available', cell: (l) => formatBytes(l.available) },
  {
    id: 'usage',
    header: 'Usage',
    cell: (l) => <LoadBar value={usedPercent(l.used, l.available)} label={`${l.name} used`} />,
  },
  {
    id: 'status',
    header: 'Status',
    cell: (l) => (
      <>
        {badge(STORAGE_STATUS[l.status]!)}
        {l.statusReason ? <p className="mt-1 text-xs text-muted">{l.statusReason}</p> : null}
      </>
    ),
  },
  { id: 'lastCheck', header: 'Last check', cell: (l) => formatDateTime(l.lastCheck) },
];

const POINT_COLUMNS: readonly DataColumn<RecoveryPoint>[] = [
  { id: 'time', header: 'Time', cell: (p) => formatDateTime(p.timestamp) },
  { id: 'type', header: 'Type', cell: (p) => p.type },
  { id: 'size', header: 'Size', cell: (p) => formatBytes(p.size) },
  { id: 'location', header: 'Location', cell: (p) => p.location },
  { id: 'verification', header: 'Verification', cell: (p) => badge(VERIFICATION[p.verification]!) },
  { id: 'tags', header: 'Tags', cell: (p) => p.tags.join(', ') },
];

export function JobsTab({ jobs }: { jobs: BackupOverview['jobs'] }) {
  return (
    <DataTable
      label="Backup jobs"
      scrollLabel="Backup jobs"
      columns={JOB_COLUMNS}
      data={jobs}
      getRowId={(job) => job.id}
      empty={BACKUP_TEXTS.noJobs}
      minWidth="84rem"
    />
  );
}

export function HistoryTab({ history }: { history: BackupOverview['history'] }) {
  return (
    <DataTable
      label="Backup history"
      scrollLabel="Backup history"
      columns={RUN_COLUMNS}
      data={history}
      getRowId={(run) => run.id}
      empty={BACKUP_TEXTS.noHistory}
      minWidth="64rem"
    />
  );
}

export function LocationsTab({ locations }: { locations: BackupOverview['locations'] }) {
  return (
    <DataTable
      label="Storage locations"
      scrollLabel="Storage locations"
      columns={LOCATION_COLUMNS}
      data={locations}
      getRowId={(l) => l.id}
      empty={BACKUP_TEXTS.noLocations}
      minWidth="64rem"
    />
  );
}

const ACTIONS = BACKUP_TEXTS.pointActions;

export function RecoveryPointsTab({
  points,
  onRestore,
  onTest,
  onDownload,
  restoring,
  testing,
  downloading,
}: {
  points: readonly RecoveryPoint[];
  onRestore: (point: RecoveryPoint) => void;
  onTest: (point: RecoveryPoint) => void;
  onDownload: (point: RecoveryPoint) => void;
  restoring: boolean;
  /** The points whose restore test is being asked for, queued or running. */
  testing: ReadonlySet<string>;
  /** The point whose download is being handed to the save dialog. */
  downloading: string | null;
}) {
  return (
    <div className="space-y-2">
      <p className="text-xs text-muted">{BACKUP_TEXTS.downloadNote}</p>
      <DataTable
        label="Recovery points"
        scrollLabel="Recovery points"
        columns={POINT_COLUMNS}
        data={points}
        getRowId={(p) => p.id}
        empty={BACKUP_TEXTS.noRecoveryPoints}
        minWidth="56rem"
        rowActions={{
          header: ACTIONS.header,
          width: '18rem',
          render: (p) => (
            <div className="space-x-2 whitespace-nowrap">
              <Button
                onClick={() => onRestore(p)}
                disabled={restoring}
                aria-label={`${ACTIONS.restore} ${formatDateTime(p.timestamp)}`}
              >
                {ACTIONS.restore}
              </Button>
              <Button
                onClick={() => onTest(p)}
                disabled={testing.has(p.id)}
                aria-label={`${ACTIONS.testName} ${formatDateTime(p.timestamp)}`}
              >
                {testing.has(p.id) ? ACTIONS.testing : ACTIONS.test}
              </Button>
              <Button
                onClick={() => onDownload(p)}
                disabled={downloading === p.id}
                aria-label={`${ACTIONS.download} ${formatDateTime(p.timestamp)}`}
              >
                {ACTIONS.download}
              </Button>
            </div>
          ),
        }}
      />
    </div>
  );
}
