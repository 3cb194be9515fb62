import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BusinessDashboard } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    year: '2-digit',
    timeZone: 'UTC',
  });

/** The 12-month revenue bars, with the figures as a list for assistive technology. */
export function RevenueChart({ series }: { series: BusinessDashboard['revenueSeries'] }) {
  const data = series.map((m) => ({ ...m, label: monthLabel(m.month) }));
  return (
    <div>
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--muted)' }} />
            <YAxis
              tickFormatter={(v: number) => formatMoney(v)}
              tick={{ fontSize: 11, fill: 'var(--muted)' }}
              width={72}
            />
            <Tooltip formatter={(v) => formatMoney(Number(v), true)} />
            <Bar
              dataKey="revenue"
              name="Revenue"
              fill="var(--accent)"
              radius={[3, 3, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <ul className="sr-only" aria-label="Revenue by month">
        {data.map((m) => (
          <li key={m.month}>
            {m.label}: {formatMoney(m.revenue, true)}
          </li>
        ))}
      </ul>
    </div>
  );
}
