import type { JobQueueSummary } from '../../../shared/api/jobs';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { TONE_TEXT } from '../../components/ui/tone';
import { formatCount } from '../../lib/monitoring-format';
import { useJobQueues } from './queries';

const waiting = (q: JobQueueSummary) => q.counts.created + q.counts.retry;

const COLUMNS: readonly DataColumn<JobQueueSummary>[] = [
  {
    id: 'name',
    header: 'Queue',
    rowHeader: true,
    cell: (q) => q.name,
    sortValue: (q) => q.name,
    width: 'minmax(0,2fr)',
  },
  {
    id: 'waiting',
    header: 'Waiting',
    numeric: true,
    cell: (q) => formatCount(waiting(q)),
    sortValue: waiting,
  },
  {
    id: 'active',
    header: 'Active',
    numeric: true,
    cell: (q) => formatCount(q.counts.active),
    sortValue: (q) => q.counts.active,
  },
  {
    id: 'failed',
    header: 'Failed',
    numeric: true,
    cell: (q) => (
      <span className={q.counts.failed > 0 ? TONE_TEXT.bad : undefined}>{formatCount(q.counts.failed)}</span>
    ),
    sortValue: (q) => q.counts.failed,
  },
];

/** The job runner's queues (the spec has no panel for them): waiting, active and failed jobs. */
export function JobQueuesPanel() {
  const queues = useJobQueues();
  return (
    <Card
      title="Job Queues"
      info={
        <InfoPopover label="Job Queues">
          The background job queues of the job runner: jobs waiting (new or awaiting a retry), running, and
          failed after their retries (the dead letters).
        </InfoPopover>
      }
    >
      <DataTable
        label="Job queues"
        columns={COLUMNS}
        data={queues.data?.queues ?? []}
        getRowId={(q) => q.name}
        loading={queues.isPending}
        empty="No queues yet"
      />
    </Card>
  );
}
