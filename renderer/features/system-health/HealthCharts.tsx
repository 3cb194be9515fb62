import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { SystemHealth } from '../../../shared/api/monitoring';
import { Card } from '../../components/ui/Card';
import { ChartFigure, type ChartColumn } from '../../components/ui/ChartFigure';
import { AXIS, GRID, MARGIN, TOOLTIP } from '../../components/ui/chartDefaults';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { clockLabel, formatCount, formatPct } from '../../lib/monitoring-format';
import { HEALTH_TEXTS } from './texts';

const CHARTS = HEALTH_TEXTS.charts;
const PERFORMANCE = CHARTS.performance;
const TRAFFIC = CHARTS.traffic;

const SERIES = {
  cpu: 'var(--accent)',
  memory: 'var(--color-emerald-500)',
  disk: 'var(--color-amber-500)',
  requests: 'var(--accent)',
  errors: 'var(--color-red-500)',
};

type PerformanceRow = SystemHealth['performance'][number] & { label: string };
type TrafficRow = SystemHealth['traffic'][number] & { label: string };

const PERFORMANCE_COLUMNS: readonly ChartColumn<PerformanceRow>[] = [
  { label: CHARTS.hour, value: (p) => p.label },
  { label: PERFORMANCE.cpu, value: (p) => formatPct(p.cpu) },
  { label: PERFORMANCE.memory, value: (p) => formatPct(p.memory) },
  { label: PERFORMANCE.disk, value: (p) => formatPct(p.disk) },
];

const TRAFFIC_COLUMNS: readonly ChartColumn<TrafficRow>[] = [
  { label: CHARTS.hour, value: (p) => p.label },
  { label: TRAFFIC.requests, value: (p) => formatCount(p.requests) },
  { label: TRAFFIC.errors, value: (p) => formatCount(p.errors) },
];

/** CPU, memory and disk over 24 hours, hourly means of every instance's minute samples. */
export function PerformanceChart({ points }: { points: SystemHealth['performance'] }) {
  const data = points.map((p) => ({ ...p, label: clockLabel(p.time) }));
  return (
    <Card
      title={PERFORMANCE.title}
      info={<InfoPopover label={PERFORMANCE.title}>{PERFORMANCE.info}</InfoPopover>}
    >
      <ChartFigure
        summary={PERFORMANCE.summary}
        columns={PERFORMANCE_COLUMNS}
        rows={data}
        rowKey={(p) => p.time}
        className="h-64"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={data} margin={MARGIN}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis tick={AXIS} width={40} domain={[0, 100]} unit={CHARTS.percentUnit} />
            <Tooltip {...TOOLTIP} formatter={(v) => formatPct(Number(v))} />
            <Legend />
            <Line
              dataKey="cpu"
              name={PERFORMANCE.cpu}
              stroke={SERIES.cpu}
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
            <Line
              dataKey="memory"
              name={PERFORMANCE.memory}
              stroke={SERIES.memory}
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
            <Line
              dataKey="disk"
              name={PERFORMANCE.disk}
              stroke={SERIES.disk}
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartFigure>
    </Card>
  );
}

/** Requests and errors per hour over 24 hours, from the request roll-ups. */
export function TrafficChart({ points }: { points: SystemHealth['traffic'] }) {
  const data = points.map((p) => ({ ...p, label: clockLabel(p.time) }));
  return (
    <Card title={TRAFFIC.title} info={<InfoPopover label={TRAFFIC.title}>{TRAFFIC.info}</InfoPopover>}>
      <ChartFigure
        summary={TRAFFIC.summary}
        columns={TRAFFIC_COLUMNS}
        rows={data}
        rowKey={(p) => p.time}
        className="h-64"
      >
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart accessibilityLayer={false} data={data} margin={MARGIN}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis tick={AXIS} width={48} />
            <Tooltip {...TOOLTIP} formatter={(v) => formatCount(Number(v))} />
            <Legend />
            <Area
              dataKey="requests"
              name={TRAFFIC.requests}
              stroke={SERIES.requests}
              fill={SERIES.requests}
              fillOpacity={0.15}
              isAnimationActive={false}
            />
            <Area
              dataKey="errors"
              name={TRAFFIC.errors}
              stroke={SERIES.errors}
              fill={SERIES.errors}
              fillOpacity={0.25}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </ChartFigure>
    </Card>
  );
}
