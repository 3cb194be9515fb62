import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { MetricResult } from '../../../shared/api/reports';
import { AXIS, GRID, TOOLTIP } from '../../components/ui/chartDefaults';
import { ChartFigure } from '../../components/ui/ChartFigure';
import { REPORT_TEXTS } from './texts';

type Point = MetricResult['chart']['points'][number];
const TEXTS = REPORT_TEXTS.charts;
const COLUMNS = [
  { label: TEXTS.columns.label, value: (p: Point) => p.label },
  { label: TEXTS.columns.value, value: (p: Point) => p.value.toLocaleString() },
] as const;

/**
 * The side panel's two charts, from the figures of the report's latest file: the first metric charted as a
 * line and the first charted as bars (each shown with its table for assistive technology). A report with
 * no bar-charted metric has its headline values of one unit drawn as bars instead.
 */
export function ReportCharts({ metrics }: { metrics: readonly MetricResult[] }) {
  const line = metrics.find((m) => m.chart.kind === 'line' && m.chart.points.length > 0);
  const bar = metrics.find((m) => m.chart.kind === 'bar' && m.chart.points.length > 0) ?? headlines(metrics);
  if (!line && !bar) return <p className="text-sm text-muted">{TEXTS.empty}</p>;
  return (
    <div className="space-y-4">
      {line ? (
        <div>
          <h4 className="mb-1 text-xs font-medium text-muted">{line.label}</h4>
          <ChartFigure
            summary={TEXTS.asLine(line.label)}
            columns={COLUMNS}
            rows={line.chart.points}
            rowKey={(p) => p.label}
            className="h-36"
          >
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={[...line.chart.points]} accessibilityLayer={false}>
                <CartesianGrid {...GRID} />
                <XAxis dataKey="label" tick={AXIS} minTickGap={16} />
                <YAxis tick={AXIS} width={56} />
                <Tooltip {...TOOLTIP} />
                <Line
                  dataKey="value"
                  stroke="var(--accent)"
                  strokeWidth={2}
                  dot={false}
                  isAnimationActive={false}
                />
              </LineChart>
            </ResponsiveContainer>
          </ChartFigure>
        </div>
      ) : null}
      {bar ? (
        <div>
          <h4 className="mb-1 text-xs font-medium text-muted">{bar.label}</h4>
          <ChartFigure
            summary={TEXTS.asBars(bar.label)}
            columns={COLUMNS}
            rows={bar.chart.points}
            rowKey={(p) => p.label}
            className="h-36"
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={[...bar.chart.points]} accessibilityLayer={false}>
                <CartesianGrid {...GRID} />
                <XAxis dataKey="label" tick={AXIS} minTickGap={8} />
                <YAxis tick={AXIS} width={56} />
                <Tooltip {...TOOLTIP} />
                <Bar dataKey="value" fill="var(--accent)" isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </ChartFigure>
        </div>
      ) : null}
    </div>
  );
}

function headlines(metrics: readonly MetricResult[]): Pick<MetricResult, 'label' | 'chart'> | undefined {
  const first = metrics.find((m) => m.value !== null);
  if (!first) return undefined;
  const points = metrics.flatMap((m) =>
    m.unit === first.unit && m.value !== null ? [{ label: m.label, value: m.value }] : [],
  );
  return { label: TEXTS.headlines, chart: { kind: 'bar', points } };
}
