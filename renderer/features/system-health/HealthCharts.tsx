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
import { InfoPopover } from '../../components/ui/InfoPopover';
import { clockLabel, formatCount, formatPct } from '../../lib/monitoring-format';

const AXIS = { fontSize: 11, fill: 'var(--muted)' };
const SERIES = {
  cpu: 'var(--accent)',
  memory: 'var(--color-emerald-500)',
  disk: 'var(--color-amber-500)',
  requests: 'var(--accent)',
  errors: 'var(--color-red-500)',
};

/** CPU, memory and disk over 24 hours, hourly means of every instance's minute samples. */
export function PerformanceChart({ points }: { points: SystemHealth['performance'] }) {
  const data = points.map((p) => ({ ...p, label: clockLabel(p.time) }));
  return (
    <Card
      title="Performance (24 hours)"
      info={
        <InfoPopover label="Performance (24 hours)">
          Hourly means of every instance&apos;s minute samples: CPU (process.cpuUsage over the minute), memory
          (resident memory of the machine&apos;s) and disk used in the data folder (fs.statfs).
        </InfoPopover>
      }
    >
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis tick={AXIS} width={40} domain={[0, 100]} unit="%" />
            <Tooltip formatter={(v) => formatPct(Number(v))} />
            <Legend />
            <Line
              dataKey="cpu"
              name="CPU"
              stroke={SERIES.cpu}
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
            <Line
              dataKey="memory"
              name="Memory"
              stroke={SERIES.memory}
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
            <Line
              dataKey="disk"
              name="Disk"
              stroke={SERIES.disk}
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="sr-only" aria-label="Performance by hour">
        {data.map((p) => (
          <li key={p.time}>
            {p.label}: CPU {formatPct(p.cpu)}, memory {formatPct(p.memory)}, disk {formatPct(p.disk)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Requests and errors per hour over 24 hours, from the request roll-ups. */
export function TrafficChart({ points }: { points: SystemHealth['traffic'] }) {
  const data = points.map((p) => ({ ...p, label: clockLabel(p.time) }));
  return (
    <Card
      title="Request Volume & Errors"
      info={
        <InfoPopover label="Request Volume & Errors">
          Requests answered per hour by every instance, and those with a status of 400 or above.
        </InfoPopover>
      }
    >
      <div className="h-64" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--line)" />
            <XAxis dataKey="label" tick={AXIS} minTickGap={24} />
            <YAxis tick={AXIS} width={48} />
            <Tooltip formatter={(v) => formatCount(Number(v))} />
            <Legend />
            <Area
              dataKey="requests"
              name="Requests"
              stroke={SERIES.requests}
              fill={SERIES.requests}
              fillOpacity={0.15}
              isAnimationActive={false}
            />
            <Area
              dataKey="errors"
              name="Errors"
              stroke={SERIES.errors}
              fill={SERIES.errors}
              fillOpacity={0.25}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <ul className="sr-only" aria-label="Requests by hour">
        {data.map((p) => (
          <li key={p.time}>
            {p.label}: {formatCount(p.requests)} requests, {formatCount(p.errors)} errors
          </li>
        ))}
      </ul>
    </Card>
  );
}
