import { clsx } from 'clsx';
import { Line, LineChart } from 'recharts';
import type { EndpointRow } from '../../../shared/api/monitoring';
import { endpointErrorTone, type EndpointStatus, type Tone } from '../../../shared/monitoring';
import { Card } from '../../components/ui/Card';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { MONITORING_TONE, TONE_TEXT } from '../../components/ui/tone';
import { formatCount, formatMs, formatPct } from '../../lib/monitoring-format';
import { API_PERFORMANCE_TEXTS } from './texts';

const TEXTS = API_PERFORMANCE_TEXTS.endpoints;

const STATUS_TONE: Record<EndpointStatus, Tone> = { healthy: 'good', warning: 'warn', critical: 'bad' };

/** The last 10 of 60 per-minute points: mean duration per minute (gaps are minutes without requests). */
function Sparkline({ points }: { points: readonly (number | null)[] }) {
  const data = points.map((value, i) => ({ i, value }));
  return (
    <span aria-hidden="true" className="inline-block">
      <LineChart accessibilityLayer={false} width={88} height={24} data={data}>
        <Line
          dataKey="value"
          stroke="var(--accent)"
          strokeWidth={1.5}
          dot={false}
          isAnimationActive={false}
        />
      </LineChart>
    </span>
  );
}

const COLUMNS: readonly DataColumn<EndpointRow>[] = [
  {
    id: 'endpoint',
    header: TEXTS.columns.endpoint,
    rowHeader: true,
    width: 'minmax(0,2.4fr)',
    cell: (r) => (
      <span className="truncate font-mono text-xs">
        <span className="font-semibold">{r.method}</span> {r.route}
      </span>
    ),
    sortValue: (r) => `${r.route} ${r.method}`,
  },
  {
    id: 'trend',
    header: TEXTS.columns.trend,
    cell: (r) => <Sparkline points={r.sparkline} />,
    width: '7rem',
  },
  {
    id: 'average',
    header: TEXTS.columns.average,
    numeric: true,
    cell: (r) => formatMs(r.averageMs),
    sortValue: (r) => r.averageMs ?? -1,
  },
  {
    id: 'p95',
    header: TEXTS.columns.p95,
    numeric: true,
    cell: (r) => formatMs(r.p95Ms),
    sortValue: (r) => r.p95Ms ?? -1,
  },
  {
    id: 'requests',
    header: TEXTS.columns.requests,
    numeric: true,
    cell: (r) => formatCount(r.requests),
    sortValue: (r) => r.requests,
  },
  {
    id: 'errorRate',
    header: TEXTS.columns.errorRate,
    numeric: true,
    cell: (r) => {
      const tone = endpointErrorTone(r.errorRate);
      return (
        <span data-tone={tone} className={clsx('tabular-nums', TONE_TEXT[tone])}>
          {formatPct(r.errorRate, 2)}
        </span>
      );
    },
    sortValue: (r) => r.errorRate,
  },
  {
    id: 'apdex',
    header: TEXTS.columns.apdex,
    numeric: true,
    cell: (r) => (r.apdex === null ? '—' : r.apdex.toFixed(2)),
    sortValue: (r) => r.apdex ?? -1,
  },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (r) => (
      <StatusBadge tone={MONITORING_TONE[STATUS_TONE[r.status]]}>
        <span className="capitalize">{r.status}</span>
      </StatusBadge>
    ),
    sortValue: (r) => ['healthy', 'warning', 'critical'].indexOf(r.status),
  },
];

export function EndpointTable({ endpoints }: { endpoints: readonly EndpointRow[] }) {
  return (
    <Card title={TEXTS.title} info={<InfoPopover label={TEXTS.title}>{TEXTS.info}</InfoPopover>}>
      <DataTable
        label={TEXTS.table}
        columns={COLUMNS}
        data={endpoints}
        getRowId={(r) => `${r.method} ${r.route}`}
        initialSort={{ id: 'requests', desc: true }}
        empty={TEXTS.empty}
        pageSize={25}
        minWidth="60rem"
      />
    </Card>
  );
}
