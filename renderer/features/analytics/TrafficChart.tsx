import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDay } from '../../../shared/api/usage';
import { count } from './rules';

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Told apart by dash pattern as well as colour. */
const LINES = [
  { key: 'sessions', name: 'Sessions', stroke: 'var(--accent)', dash: undefined },
  { key: 'users', name: 'Users', stroke: 'var(--fg)', dash: '6 3' },
  { key: 'pageViews', name: 'Page Views', stroke: 'var(--muted)', dash: '2 3' },
] as const;

/** Sessions, users and page views per day, with the figures as a table for assistive technology. */
export function TrafficChart({ days }: { days: readonly AnalyticsDay[] }) {
  const data = days.map((d) => ({ ...d, label: dayLabel(d.date) }));
  return (
    <div>
      <div className="h-72" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={data}
            margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
            // Hidden from assistive technology (the table below says it all): nothing in it may take focus.
            accessibilityLayer={false}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
            <XAxis dataKey="label" tick={{ fontSize: 11, fill: 'var(--muted)' }} minTickGap={16} />
            <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'var(--muted)' }} width={48} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            {LINES.map((line) => (
              <Line
                key={line.key}
                type="monotone"
                dataKey={line.key}
                name={line.name}
                stroke={line.stroke}
                strokeDasharray={line.dash}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Traffic by day</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {LINES.map((line) => (
              <th key={line.key} scope="col">
                {line.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.date}>
              <th scope="row">{d.label}</th>
              <td>{count(d.sessions)}</td>
              <td>{count(d.users)}</td>
              <td>{count(d.pageViews)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
