import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CLOUD_SERVICES, type CostRecord } from '../../../shared/api/business';
import { ChartFigure, type ChartColumn } from '../../components/ui/ChartFigure';
import { formatMoney } from '../../lib/format';
import { SERVICE_COLORS, SERVICE_LABELS } from './labels';

const COLUMNS: readonly ChartColumn<CostRecord>[] = [
  { label: 'Date', value: (day) => day.date },
  ...CLOUD_SERVICES.map((s) => ({
    label: SERVICE_LABELS[s],
    value: (day: CostRecord) => formatMoney(day[s], true),
  })),
  { label: 'Total', value: (day) => formatMoney(day.total, true) },
];

/** Daily cost per service, stacked; the figures as a table for assistive technology. */
export function CostTrendChart({ trend }: { trend: CostRecord[] }) {
  if (trend.length === 0) return <p className="text-sm text-muted">No cost records in this period.</p>;
  return (
    <ChartFigure
      summary={`Daily cloud cost by service, ${trend.length} days`}
      columns={COLUMNS}
      rows={trend}
      rowKey={(day) => day.date}
      className="h-72"
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={trend} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
          <XAxis dataKey="date" tick={{ fontSize: 11, fill: 'var(--muted)' }} minTickGap={24} />
          <YAxis
            tickFormatter={(v: number) => formatMoney(v)}
            tick={{ fontSize: 11, fill: 'var(--muted)' }}
            width={64}
          />
          <Tooltip formatter={(v) => formatMoney(Number(v), true)} />
          <Legend />
          {CLOUD_SERVICES.map((s) => (
            <Area
              key={s}
              type="monotone"
              dataKey={s}
              name={SERVICE_LABELS[s]}
              stackId="cost"
              stroke={SERVICE_COLORS[s]}
              fill={SERVICE_COLORS[s]}
              fillOpacity={0.6}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
