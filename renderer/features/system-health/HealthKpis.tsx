import type { SystemHealth } from '../../../shared/api/monitoring';
import { overallHealthTone } from '../../../shared/monitoring';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { KpiCard } from '../../components/ui/KpiCard';
import { formatMs, formatPct } from '../../lib/monitoring-format';

/** How each figure is computed (the info popovers). */
export const HEALTH_DEFINITIONS = {
  overall:
    'The share of services whose latest probe is healthy (probes run every 30 s: database, job runner, event stream, export storage). Green above 90 %.',
  response:
    'The mean duration of every request the API servers answered in the last 24 hours, from the per-minute request roll-ups of all instances.',
  critical: 'Services whose latest probe is critical or down.',
  load: "The mean CPU use of the online instances' latest minute samples (process.cpuUsage over the minute, of one core).",
} as const;

export function HealthKpis({ kpis }: { kpis: SystemHealth['kpis'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <KpiCard
        label="Overall Health"
        value={formatPct(kpis.overallHealth, 0)}
        tone={kpis.overallHealth === null ? 'neutral' : overallHealthTone(kpis.overallHealth)}
        testId="kpi-overall-health"
        info={<InfoPopover label="Overall Health">{HEALTH_DEFINITIONS.overall}</InfoPopover>}
      />
      <KpiCard
        label="Average Response Time"
        value={formatMs(kpis.averageResponseMs)}
        testId="kpi-average-response"
        info={<InfoPopover label="Average Response Time">{HEALTH_DEFINITIONS.response}</InfoPopover>}
      />
      <KpiCard
        label="Critical Issues"
        value={String(kpis.criticalIssues)}
        tone={kpis.criticalIssues > 0 ? 'bad' : 'good'}
        testId="kpi-critical-issues"
        info={<InfoPopover label="Critical Issues">{HEALTH_DEFINITIONS.critical}</InfoPopover>}
      />
      <KpiCard
        label="System Load"
        value={formatPct(kpis.systemLoad)}
        testId="kpi-system-load"
        info={<InfoPopover label="System Load">{HEALTH_DEFINITIONS.load}</InfoPopover>}
      />
    </div>
  );
}
