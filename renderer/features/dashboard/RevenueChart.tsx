import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BusinessDashboard } from '../../../shared/api/business';
import { AXIS, GRID, TOOLTIP } from '../../components/ui/chartDefaults';
import { ChartFigure, type ChartColumn } from '../../components/ui/ChartFigure';
import { formatMoney } from '../../lib/format';
import { DASHBOARD_TEXTS } from './texts';

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });

type Row = BusinessDashboard['revenueSeries'][number] & { label: string };

const TEXTS = DASHBOARD_TEXTS.revenueChart;

const COLUMNS: readonly ChartColumn<Row>[] = [
  { label: TEXTS.month, value: (m) => m.label },
  { label: TEXTS.revenue, value: (m) => formatMoney(m.revenue, true) },
];

/** The 12-month revenue bars, with the figures as a table for assistive technology. */
export function RevenueChart({ series }: { series: BusinessDashboard['revenueSeries'] }) {
  const data: Row[] = series.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <ChartFigure
      summary={TEXTS.summary}
      columns={COLUMNS}
      rows={data}
      rowKey={(m) => m.month}
      className="h-64"
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" tick={AXIS} />
          <YAxis tickFormatter={(v: number) => formatMoney(v)} tick={AXIS} width={72} />
          <Tooltip {...TOOLTIP} formatter={(v) => formatMoney(Number(v), true)} />
          <Bar
            dataKey="revenue"
            name={TEXTS.revenue}
            fill="var(--accent)"
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
