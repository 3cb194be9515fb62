import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ApiPerformance } from '../../../shared/api/monitoring';
import { APDEX_T_MS } from '../../../shared/monitoring';
import { Card } from '../../components/ui/Card';
import { ChartFigure, type ChartColumn } from '../../components/ui/ChartFigure';
import { AXIS, GRID, MARGIN, TOOLTIP } from '../../components/ui/chartDefaults';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { clockLabel, dayHourLabel, formatCount, formatMs } from '../../lib/monitoring-format';
import { API_PERFORMANCE_TEXTS } from './texts';

const CHARTS = API_PERFORMANCE_TEXTS.charts;
const PERCENTILES = CHARTS.percentiles;

type Point = ApiPerformance['trend'][number] & { label: string };

const LATENCY_COLUMNS: readonly ChartColumn<Point>[] = [
  { label: CHARTS.time, value: (p) => p.label },
  { label: PERCENTILES.p50, value: (p) => formatMs(p.p50) },
  { label: PERCENTILES.p95, value: (p) => formatMs(p.p95) },
  { label: PERCENTILES.p99, value: (p) => formatMs(p.p99) },
];

const VOLUME_COLUMNS: readonly ChartColumn<Point>[] = [
  { label: CHARTS.time, value: (p) => p.label },
  { label: CHARTS.requestVolume.requests, value: (p) => formatCount(p.requests) },
  { label: CHARTS.requestVolume.errors, value: (p) => formatCount(p.errors) },
];

const labelled = (data: ApiPerformance): Point[] =>
  data.trend.map((p) => ({
    ...p,
    label: data.stepMinutes >= 60 ? dayHourLabel(p.time) : clockLabel(p.time),
  }));

/** p50, p95 and p99 per step, with the range's percentiles and Apdex beside the title. */
export function ResponseTimeTrend({ data }: { data: ApiPerformance }) {
  const points = labelled(data);
  return (
    <Card
      title={CHARTS.responseTime.title}
      info={
        <InfoPopover label={CHARTS.responseTime.title}>
          {CHARTS.responseTime.info(data.stepMinutes, APDEX_T_MS)}
        </InfoPopover>
      }
      actions={
        <dl
          className="flex flex-wrap gap-4 text-xs text-muted"
          aria-label={CHARTS.responseTime.rangePercentiles}
        >
          {(['p50', 'p95', 'p99'] as const).map((k) => (
            <div key={k} className="flex gap-1">
              <dt className="uppercase">{PERCENTILES[k]}</dt>
              <dd className="font-medium text-fg tabular-nums">{formatMs(data.latency[k])}</dd>
            </div>
          ))}
          <div className="flex gap-1">
            <dt>{CHARTS.responseTime.apdex}</dt>
            <dd className="font-medium text-fg tabular-nums" data-testid="apdex">
              {data.apdex === null ? '—' : data.apdex.toFixed(2)}
            </dd>
          </div>
        </dl>
      }
    >
      <ChartFigure
        summary={CHARTS.responseTime.summary}
        columns={LATENCY_COLUMNS}
        rows={points}
        rowKey={(p) => p.time}
        className="h-64"
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={points} margin={MARGIN}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis tick={AXIS} width={48} unit={CHARTS.msUnit} />
            <Tooltip {...TOOLTIP} formatter={(v) => formatMs(Number(v))} />
            <Legend />
            <Line
              dataKey="p50"
              name={PERCENTILES.p50}
              stroke="var(--color-emerald-500)"
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
            <Line
              dataKey="p95"
              name={PERCENTILES.p95}
              stroke="var(--accent)"
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
            <Line
              dataKey="p99"
              name={PERCENTILES.p99}
              stroke="var(--color-red-500)"
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

export function RequestVolume({ data }: { data: ApiPerformance }) {
  const points = labelled(data);
  return (
    <Card
      title={CHARTS.requestVolume.title}
      info={
        <InfoPopover label={CHARTS.requestVolume.title}>
          {CHARTS.requestVolume.info(data.stepMinutes)}
        </InfoPopover>
      }
    >
      <ChartFigure
        summary={CHARTS.requestVolume.summary(
          formatCount(data.kpis.requests),
          formatCount(points.reduce((n, p) => n + p.errors, 0)),
        )}
        columns={VOLUME_COLUMNS}
        rows={points}
        rowKey={(p) => p.time}
        className="h-64"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={points} margin={MARGIN}>
            <CartesianGrid {...GRID} />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis tick={AXIS} width={48} />
            <Tooltip {...TOOLTIP} formatter={(v) => formatCount(Number(v))} />
            <Legend />
            <Bar
              dataKey="requests"
              name={CHARTS.requestVolume.requests}

              fill="var(--accent)"
              isAnimationActive={false}
            />
            <Bar
              dataKey="errors"
              name={CHARTS.requestVolume.errors}
              fill="var(--color-red-500)"
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>
    </Card>
  );
}
