import type { BackupOverview, RecoveryPoint } from '../../../shared/api/backups';
import { Button } from '../../components/ui/Button';
import { LoadBar } from '../../components/ui/LoadBar';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { formatDateTime } from '../../lib/format';
import { formatBytes, formatSeconds, usedPercent } from './format';
import { JOB_STATUS, RUN_STATUS, STORAGE_STATUS, VERIFICATION } from './statuses';
import { CELL, Table } from './Table';

const badge = ([tone, text]: [Parameters<typeof StatusBadge>[0]['tone'], string]) => (
  <StatusBadge tone={tone}>{text}</StatusBadge>
);

export function JobsTab({ jobs }: { jobs: BackupOverview['jobs'] }) {
  return (
    <Table
      label="Backup jobs"
      headers={[
        'Name',
        'Type',
        'Source',
        'Destination',
        'Schedule',
        'Status',
        'Last run',
        'Next run',
        'Size',
        'Duration',
        'Retention',
        'Compression',
        'Encryption',
      ]}
      empty={jobs.length ? null : 'No backup jobs yet. Add one with Configure.'}
    >
      {jobs.map((job) => (
        <tr key={job.id}>
          <td className={CELL}>{job.name}</td>
          <td className={CELL}>{job.type}</td>
          <td className={CELL}>{job.source}</td>
          <td className={CELL}>{job.destination}</td>
          <td className={`${CELL} font-mono`}>{job.schedule}</td>
          <td className={CELL}>{badge(JOB_STATUS[job.status]!)}</td>
          <td className={CELL}>{formatDateTime(job.lastRun)}</td>
          <td className={CELL}>{job.nextRun ? formatDateTime(job.nextRun) : '—'}</td>
          <td className={CELL}>{formatBytes(job.size)}</td>
          <td className={CELL}>{formatSeconds(job.duration)}</td>
          <td className={CELL}>{job.retention} days</td>
          <td className={CELL}>{job.compression}</td>
          <td className={CELL}>{job.encryption}</td>
        </tr>
      ))}
    </Table>
  );
}

export function HistoryTab({ history }: { history: BackupOverview['history'] }) {
  return (
    <Table
      label="Backup history"
      headers={['Job', 'Type', 'Start', 'End', 'Status', 'Size', 'Duration', 'Tables', 'Error']}
      empty={history.length ? null : 'No backups have run yet.'}
    >
      {history.map((run) => (
        <tr key={run.id}>
          <td className={CELL}>{run.jobName}</td>
          <td className={CELL}>{run.type}</td>
          <td className={CELL}>{formatDateTime(run.startTime)}</td>
          <td className={CELL}>{run.endTime ? formatDateTime(run.endTime) : '—'}</td>
          <td className={CELL}>{badge(RUN_STATUS[run.status]!)}</td>
          <td className={CELL}>{formatBytes(run.size)}</td>
          <td className={CELL}>{formatSeconds(run.duration)}</td>
          <td className={CELL}>{run.filesBackedUp}</td>
          <td className={`${CELL} max-w-xs break-words text-red-700 dark:text-red-400`}>
            {run.errorMessage ?? ''}
          </td>
        </tr>
      ))}
    </Table>
  );
}

export function LocationsTab({ locations }: { locations: BackupOverview['locations'] }) {
  return (
    <Table
      label="Storage locations"
      headers={['Name', 'Type', 'Path', 'Capacity', 'Used', 'Available', 'Usage', 'Status', 'Last check']}
      empty={locations.length ? null : 'No storage locations.'}
    >
      {locations.map((l) => (
        <tr key={l.id}>
          <td className={CELL}>{l.name}</td>
          <td className={CELL}>
            {l.type} ({l.provider})
          </td>
          <td className={`${CELL} font-mono text-xs`}>{l.path}</td>
          <td className={CELL}>{formatBytes(l.capacity)}</td>
          <td className={CELL}>{formatBytes(l.used)}</td>
          <td className={CELL}>{formatBytes(l.available)}</td>
          <td className={CELL}>
            <LoadBar value={usedPercent(l.used, l.available)} label={`${l.name} used`} />
          </td>
          <td className={CELL}>
            {badge(STORAGE_STATUS[l.status]!)}
            {l.statusReason ? <p className="mt-1 text-xs text-muted">{l.statusReason}</p> : null}
          </td>
          <td className={CELL}>{formatDateTime(l.lastCheck)}</td>
        </tr>
      ))}
    </Table>
  );
}

/** Downloads are the archives as written: the text says what opens them. */
export const DOWNLOAD_NOTE =
  'Downloads are the archives as stored, encrypted with age: only the backup key opens them. An incremental or differential archive restores only together with the archives it continues.';

export function RecoveryPointsTab({
  points,
  onRestore,
  onDownload,
  restoring,
  downloading,
}: {
  points: readonly RecoveryPoint[];
  onRestore: (point: RecoveryPoint) => void;
  onDownload: (point: RecoveryPoint) => void;
  restoring: boolean;
  /** The point whose download is being handed to the save dialog. */
  downloading: string | null;
}) {
  return (
    <div className="space-y-2">
      <p className="text-xs text-muted">{DOWNLOAD_NOTE}</p>
      <Table
        label="Recovery points"
        headers={['Time', 'Type', 'Size', 'Location', 'Verification', 'Tags', 'Actions']}
        empty={points.length ? null : 'No recovery points yet. Run a backup first.'}
      >
        {points.map((p) => (
          <tr key={p.id}>
            <td className={CELL}>{formatDateTime(p.timestamp)}</td>
            <td className={CELL}>{p.type}</td>
            <td className={CELL}>{formatBytes(p.size)}</td>
            <td className={CELL}>{p.location}</td>
            <td className={CELL}>{badge(VERIFICATION[p.verification]!)}</td>
            <td className={CELL}>{p.tags.join(', ')}</td>
            <td className={`${CELL} space-x-2 whitespace-nowrap`}>
              <Button
                onClick={() => onRestore(p)}
                disabled={restoring}
                aria-label={`Restore ${formatDateTime(p.timestamp)}`}
              >
                Restore
              </Button>
              <Button
                onClick={() => onDownload(p)}
                disabled={downloading === p.id}
                aria-label={`Download ${formatDateTime(p.timestamp)}`}
              >
                Download
              </Button>
            </td>
          </tr>
        ))}
      </Table>
    </div>
  );
}
