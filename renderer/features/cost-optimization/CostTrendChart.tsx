import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CLOUD_SERVICES, type CloudService, type CostRecord } from '../../../shared/api/business';
import { AXIS, GRID, TOOLTIP } from '../../components/ui/chartDefaults';
import { ChartFigure, type ChartColumn } from '../../components/ui/ChartFigure';
import { formatMoney } from '../../lib/format';
import { SERVICE_COLORS, SERVICE_LABELS } from './labels';
import { COST_TEXTS } from './texts';

const TEXTS = COST_TEXTS.trend;

interface ServiceSummary {
  service: CloudService | 'total';
  sum: number;
  last: number;
}

const label = (row: ServiceSummary) =>
  row.service === 'total' ? TEXTS.allServices : SERVICE_LABELS[row.service];

/**
 * The trend in words for a screen reader: per service, the period's total, its daily average and the
 * last day's cost — what the stacked areas show, without a cell for each of up to 365 days.
 */
function summarize(trend: CostRecord[]): ServiceSummary[] {
  const lastDay = trend[trend.length - 1];
  return [...CLOUD_SERVICES, 'total' as const].map((service) => ({
    service,
    sum: trend.reduce((total, day) => total + day[service], 0),
    last: lastDay ? lastDay[service] : 0,
  }));
}

/** Daily cost per service, stacked; the figures summarized in a table for assistive technology. */
export function CostTrendChart({ trend }: { trend: CostRecord[] }) {
  if (trend.length === 0) return <p className="text-sm text-muted">{TEXTS.empty}</p>;
  const days = trend.length;
  const columns: ChartColumn<ServiceSummary>[] = [
    { label: TEXTS.columns.service, value: label },
    { label: TEXTS.columns.total(days), value: (row) => formatMoney(row.sum, true) },
    { label: TEXTS.columns.dailyAverage, value: (row) => formatMoney(row.sum / days, true) },
    {
      label: TEXTS.columns.lastDay(trend[days - 1]?.date ?? ''),
      value: (row) => formatMoney(row.last, true),
    },
  ];
  return (
    <ChartFigure
      summary={TEXTS.summary(days, trend[0]?.date ?? '', trend[days - 1]?.date ?? '')}
      columns={columns}
      rows={summarize(trend)}
      rowKey={(row) => row.service}
      className="h-72"
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={trend} margin={{ top: 8, right: 8, bottom: 0, left: 8 }} accessibilityLayer={false}>
          <CartesianGrid {...GRID} />
          <XAxis dataKey="date" tick={AXIS} minTickGap={24} />
          <YAxis tickFormatter={(v: number) => formatMoney(v)} tick={AXIS} width={64} />
          <Tooltip {...TOOLTIP} formatter={(v) => formatMoney(Number(v), true)} />
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
