import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { AnalyticsDay } from '../../../shared/api/usage';
import { ChartFigure, type ChartColumn } from '../../components/ui/ChartFigure';
import { AXIS, GRID, MARGIN, TOOLTIP } from '../../components/ui/chartDefaults';
import { count } from './rules';
import { ANALYTICS_TEXTS } from './texts';

const TEXTS = ANALYTICS_TEXTS.traffic;

const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Told apart by dash pattern as well as colour. */
const LINES = [
  { key: 'sessions', name: TEXTS.lines.sessions, stroke: 'var(--accent)', dash: undefined },
  { key: 'users', name: TEXTS.lines.users, stroke: 'var(--fg)', dash: '6 3' },
  { key: 'pageViews', name: TEXTS.lines.pageViews, stroke: 'var(--muted)', dash: '2 3' },
] as const;

type Row = AnalyticsDay & { label: string };

const COLUMNS: readonly ChartColumn<Row>[] = [
  { label: TEXTS.date, value: (d) => d.label },
  ...LINES.map((line) => ({ label: line.name, value: (d: Row) => count(d[line.key]) })),
];

/** Sessions, users and page views per day, with the figures as a table for assistive technology. */
export function TrafficChart({ days }: { days: readonly AnalyticsDay[] }) {
  const data: Row[] = days.map((d) => ({ ...d, label: dayLabel(d.date) }));
  return (
    <ChartFigure
      summary={TEXTS.summary}
      columns={COLUMNS}
      rows={data}
      rowKey={(d) => d.date}
      className="h-72"
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={MARGIN} accessibilityLayer={false}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="label" tick={AXIS} minTickGap={16} />
          <YAxis allowDecimals={false} tick={AXIS} width={48} />
          <Tooltip {...TOOLTIP} />
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
    </ChartFigure>
  );
}
