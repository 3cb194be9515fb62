import type { InstanceRow } from '../../../shared/api/monitoring';
import type { InstanceStatus, Tone } from '../../../shared/monitoring';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { LoadBar } from '../../components/ui/LoadBar';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { MONITORING_TONE } from '../../components/ui/tone';
import { formatCount, formatMs, formatPct, formatTime } from '../../lib/monitoring-format';
import { HEALTH_TEXTS } from './texts';

const TEXTS = HEALTH_TEXTS.infrastructure;

const STATUS_TONE: Record<InstanceStatus, Tone> = { online: 'good', maintenance: 'warn', offline: 'bad' };

/** Part 2 §3 gives an infrastructure component a type; ours are all the console's API servers. */
const INSTANCE_TYPE = TEXTS.instanceType;

const COLUMNS: readonly DataColumn<InstanceRow>[] = [
  {
    id: 'instance',
    header: TEXTS.columns.instance,
    rowHeader: true,
    cell: (r) => r.id,
    sortValue: (r) => r.id,
    width: 'minmax(0,1.6fr)',
  },
  // Every component the console tracks is an API server instance (each registers its own heartbeat).
  { id: 'type', header: TEXTS.columns.type, cell: () => INSTANCE_TYPE },
  { id: 'host', header: TEXTS.columns.host, cell: (r) => r.host, sortValue: (r) => r.host },
  { id: 'region', header: TEXTS.columns.region, cell: (r) => r.region, sortValue: (r) => r.region },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (r) => (
      <StatusBadge tone={MONITORING_TONE[STATUS_TONE[r.status]]}>
        <span className="capitalize">{r.status}</span>
      </StatusBadge>
    ),
    sortValue: (r) => r.status,
  },
  {
    id: 'load',
    header: TEXTS.columns.load,
    cell: (r) => <LoadBar value={r.load} label={TEXTS.load(r.id)} />,
    sortValue: (r) => r.load ?? -1,
    width: 'minmax(0,1.3fr)',
  },
  {
    id: 'connections',
    header: TEXTS.columns.connections,
    numeric: true,
    cell: (r) => (r.openConnections === null ? '—' : formatCount(r.openConnections)),
    sortValue: (r) => r.openConnections ?? -1,
  },
  {
    id: 'memory',
    header: TEXTS.columns.memory,
    numeric: true,
    cell: (r) => formatPct(r.memoryPercent),
    sortValue: (r) => r.memoryPercent ?? -1,
  },
  {
    id: 'delay',
    header: TEXTS.columns.delay,
    numeric: true,
    cell: (r) => formatMs(r.eventLoopDelayMs),
    sortValue: (r) => r.eventLoopDelayMs ?? -1,
  },
  { id: 'version', header: TEXTS.columns.version, cell: (r) => r.version, sortValue: (r) => r.version },
  {
    id: 'seen',
    header: TEXTS.columns.seen,
    cell: (r) => formatTime(r.lastSeenAt),
    sortValue: (r) => r.lastSeenAt,
  },
];

/** Every server instance with its heartbeat and latest sample; silent for 3 minutes, it is offline. */
export function InfrastructureTable({ instances }: { instances: readonly InstanceRow[] }) {
  return (
    <Card title={TEXTS.title} info={<InfoPopover label={TEXTS.title}>{TEXTS.info}</InfoPopover>}>
      <DataTable
        label={TEXTS.table}
        columns={COLUMNS}
        data={instances}
        getRowId={(r) => r.id}
        minWidth="66rem"
      />
    </Card>
  );
}
