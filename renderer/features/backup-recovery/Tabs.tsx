import type { BackupOverview, RecoveryPoint } from '../../../shared/api/backups';
import { Button } from '../../components/ui/Button';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { LoadBar } from '../../components/ui/LoadBar';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { formatBytes, formatSeconds, usedPercent } from './format';
import { JOB_STATUS, RUN_STATUS, STORAGE_STATUS, VERIFICATION } from './statuses';
import { BACKUP_TEXTS } from './texts';

const COLUMNS = BACKUP_TEXTS.columns;

const badge = ([tone, text]: [Parameters<typeof StatusBadge>[0]['tone'], string]) => (
  <StatusBadge tone={tone}>{text}</StatusBadge>
);

type Job = BackupOverview['jobs'][number];
type Run = BackupOverview['history'][number];
type Location = BackupOverview['locations'][number];

const JOB_COLUMNS: readonly DataColumn<Job>[] = [
  { id: 'name', header: COLUMNS.jobs.name, cell: (job) => job.name },
  { id: 'type', header: COLUMNS.jobs.type, cell: (job) => job.type },
  { id: 'source', header: COLUMNS.jobs.source, cell: (job) => job.source },
  { id: 'destination', header: COLUMNS.jobs.destination, cell: (job) => job.destination },
  { id: 'schedule', header: COLUMNS.jobs.schedule, cell: (job) => job.schedule, className: 'font-mono' },
  { id: 'status', header: COLUMNS.jobs.status, cell: (job) => badge(JOB_STATUS[job.status]!) },
  { id: 'lastRun', header: COLUMNS.jobs.lastRun, cell: (job) => formatDateTime(job.lastRun) },
  {
    id: 'nextRun',
    header: COLUMNS.jobs.nextRun,
    cell: (job) => (job.nextRun ? formatDateTime(job.nextRun) : '—'),
  },
  { id: 'size', header: COLUMNS.jobs.size, cell: (job) => formatBytes(job.size) },
  { id: 'duration', header: COLUMNS.jobs.duration, cell: (job) => formatSeconds(job.duration) },
  { id: 'retention', header: COLUMNS.jobs.retention, cell: (job) => `${job.retention} days` },
  { id: 'compression', header: COLUMNS.jobs.compression, cell: (job) => job.compression },
  { id: 'encryption', header: COLUMNS.jobs.encryption, cell: (job) => job.encryption },
];

const RUN_COLUMNS: readonly DataColumn<Run>[] = [
  { id: 'job', header: COLUMNS.history.job, cell: (run) => run.jobName },
  { id: 'type', header: COLUMNS.history.type, cell: (run) => run.type },
  { id: 'start', header: COLUMNS.history.start, cell: (run) => formatDateTime(run.startTime) },
  {
    id: 'end',
    header: COLUMNS.history.end,
    cell: (run) => (run.endTime ? formatDateTime(run.endTime) : '—'),
  },
  { id: 'status', header: COLUMNS.history.status, cell: (run) => badge(RUN_STATUS[run.status]!) },
  { id: 'size', header: COLUMNS.history.size, cell: (run) => formatBytes(run.size) },
  { id: 'duration', header: COLUMNS.history.duration, cell: (run) => formatSeconds(run.duration) },
  { id: 'tables', header: COLUMNS.history.tables, cell: (run) => run.filesBackedUp },
  {
    id: 'error',
    header: COLUMNS.history.error,
    cell: (run) => run.errorMessage ?? '',
    className: 'break-words text-red-700 dark:text-red-400',
    width: 'minmax(0,2fr)',
  },
];

const LOCATION_COLUMNS: readonly DataColumn<Location>[] = [
  { id: 'name', header: COLUMNS.locations.name, cell: (l) => l.name },
  { id: 'type', header: COLUMNS.locations.type, cell: (l) => `${l.type} (${l.provider})` },
  {
    id: 'path',
    header: COLUMNS.locations.path,
    cell: (l) => l.path,
    className: 'font-mono text-xs break-all',
  },
  { id: 'capacity', header: COLUMNS.locations.capacity, cell: (l) => formatBytes(l.capacity) },
  { id: 'used', header: COLUMNS.locations.used, cell: (l) => formatBytes(l.used) },
  { id: 'available', header: COLUMNS.locations.available, cell: (l) => formatBytes(l.available) },
  {
    id: 'usage',
    header: COLUMNS.locations.usage,
    cell: (l) => <LoadBar value={usedPercent(l.used, l.available)} label={`${l.name} used`} />,
  },
  {
    id: 'status',
    header: COLUMNS.locations.status,
    cell: (l) => (
      <>
        {badge(STORAGE_STATUS[l.status]!)}
        {l.statusReason ? <p className="mt-1 text-xs text-muted">{l.statusReason}</p> : null}
      </>
    ),
  },
  { id: 'lastCheck', header: COLUMNS.locations.lastCheck, cell: (l) => formatDateTime(l.lastCheck) },
];

const POINT_COLUMNS: readonly DataColumn<RecoveryPoint>[] = [
  { id: 'time', header: COLUMNS.points.time, cell: (p) => formatDateTime(p.timestamp) },
  { id: 'type', header: COLUMNS.points.type, cell: (p) => p.type },
  { id: 'size', header: COLUMNS.points.size, cell: (p) => formatBytes(p.size) },
  { id: 'location', header: COLUMNS.points.location, cell: (p) => p.location },
  {
    id: 'verification',
    header: COLUMNS.points.verification,
    cell: (p) => badge(VERIFICATION[p.verification]!),
  },
  { id: 'tags', header: COLUMNS.points.tags, cell: (p) => p.tags.join(', ') },
];

export function JobsTab({ jobs }: { jobs: BackupOverview['jobs'] }) {
  return (
    <DataTable
      label={BACKUP_TEXTS.tables.jobs}
      scrollLabel={BACKUP_TEXTS.tables.jobs}
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
      label={BACKUP_TEXTS.tables.history}
      scrollLabel={BACKUP_TEXTS.tables.history}
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
      label={BACKUP_TEXTS.tables.locations}
      scrollLabel={BACKUP_TEXTS.tables.locations}
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
        label={BACKUP_TEXTS.tables.points}
        scrollLabel={BACKUP_TEXTS.tables.points}
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
