import type { ApiPerformance } from '../../../shared/api/monitoring';
import { errorKpiTone, withinSla } from '../../../shared/monitoring';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { KpiCard } from '../../components/ui/KpiCard';
import { formatCount, formatMs, formatPct } from '../../lib/monitoring-format';

export const API_DEFINITIONS = {
  average:
    'The mean duration of the requests of the range, every route and instance: the sum of their durations over their count, from the per-minute roll-ups.',
  requests: 'Requests answered in the range by every instance, whatever their status.',
  errorRate:
    "Requests with a status of 400 or above, as a share of all. Red above 3 %; 'Within SLA' below 2 %.",
  p95: 'The 95th percentile of request durations: the roll-ups\u2019 latency histograms (1 % relative accuracy) summed over the range, then read at the 95th percentile.',
} as const;

export function ApiKpis({ kpis }: { kpis: ApiPerformance['kpis'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <KpiCard
        label="Average Response Time"
        value={formatMs(kpis.averageMs)}
        testId="kpi-average"
        info={<InfoPopover label="Average Response Time">{API_DEFINITIONS.average}</InfoPopover>}
      />
      <KpiCard
        label="Total Requests"
        value={formatCount(kpis.requests)}
        testId="kpi-requests"
        info={<InfoPopover label="Total Requests">{API_DEFINITIONS.requests}</InfoPopover>}
      />
      <KpiCard
        label="Error Rate"
        value={formatPct(kpis.errorRate, 2)}
        tone={errorKpiTone(kpis.errorRate)}
        testId="kpi-error-rate"
        detail={withinSla(kpis.errorRate) ? 'Within SLA' : undefined}
        info={<InfoPopover label="Error Rate">{API_DEFINITIONS.errorRate}</InfoPopover>}
      />
      <KpiCard
        label="P95 Response Time"
        value={formatMs(kpis.p95Ms)}
        testId="kpi-p95"
        info={<InfoPopover label="P95 Response Time">{API_DEFINITIONS.p95}</InfoPopover>}
      />
    </div>
  );
}
