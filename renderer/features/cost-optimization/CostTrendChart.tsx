import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CLOUD_SERVICES, type CostRecord } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';
import { SERVICE_COLORS, SERVICE_LABELS } from './labels';

/** Daily cost per service, stacked. */
export function CostTrendChart({ trend }: { trend: CostRecord[] }) {
  if (trend.length === 0) return <p className="text-sm text-muted">No cost records in this period.</p>;
  return (
    <div className="h-72" role="img" aria-label={`Daily cloud cost by service, ${trend.length} days`}>
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={trend} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
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
    </div>
  );
}
