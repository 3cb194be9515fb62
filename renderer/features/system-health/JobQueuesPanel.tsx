import type { JobQueueSummary } from '../../../shared/api/jobs';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { TONE_TEXT } from '../../components/ui/tone';
import { formatCount } from '../../lib/monitoring-format';
import { useJobQueues } from './queries';
import { HEALTH_TEXTS } from './texts';

const TEXTS = HEALTH_TEXTS.jobQueues;

const waiting = (q: JobQueueSummary) => q.counts.created + q.counts.retry;

const COLUMNS: readonly DataColumn<JobQueueSummary>[] = [
  {
    id: 'name',
    header: TEXTS.columns.name,
    rowHeader: true,
    cell: (q) => q.name,
    sortValue: (q) => q.name,
    width: 'minmax(0,2fr)',
  },
  {
    id: 'waiting',
    header: TEXTS.columns.waiting,
    numeric: true,
    cell: (q) => formatCount(waiting(q)),
    sortValue: waiting,
  },
  {
    id: 'active',
    header: TEXTS.columns.active,
    numeric: true,
    cell: (q) => formatCount(q.counts.active),
    sortValue: (q) => q.counts.active,
  },
  {
    id: 'failed',
    header: TEXTS.columns.failed,
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
    <Card title={TEXTS.title} info={<InfoPopover label={TEXTS.title}>{TEXTS.info}</InfoPopover>}>
      <DataTable
        label={TEXTS.table}
        columns={COLUMNS}
        data={queues.data?.queues ?? []}
        getRowId={(q) => q.name}
        loading={queues.isPending}
        empty={TEXTS.empty}
      />
    </Card>
  );
}
