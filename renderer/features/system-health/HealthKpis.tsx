import type { SystemHealth } from '../../../shared/api/monitoring';
import { overallHealthTone } from '../../../shared/monitoring';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { KpiCard } from '../../components/ui/KpiCard';
import { formatMs, formatPct } from '../../lib/monitoring-format';
import { HEALTH_TEXTS } from './texts';

/** How each figure is computed (the info popovers). */
const HEALTH_DEFINITIONS = HEALTH_TEXTS.definitions;

const KPIS = HEALTH_TEXTS.kpis;

export function HealthKpis({ kpis }: { kpis: SystemHealth['kpis'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <KpiCard
        label={KPIS.overall}
        value={formatPct(kpis.overallHealth, 0)}
        tone={kpis.overallHealth === null ? 'neutral' : overallHealthTone(kpis.overallHealth)}
        testId="kpi-overall-health"
        info={<InfoPopover label={KPIS.overall}>{HEALTH_DEFINITIONS.overall}</InfoPopover>}
      />
      <KpiCard
        label={KPIS.response}
        value={formatMs(kpis.averageResponseMs)}
        testId="kpi-average-response"
        info={<InfoPopover label={KPIS.response}>{HEALTH_DEFINITIONS.response}</InfoPopover>}
      />
      <KpiCard
        label={KPIS.critical}
        value={String(kpis.criticalIssues)}
        tone={kpis.criticalIssues > 0 ? 'bad' : 'good'}
        testId="kpi-critical-issues"
        info={<InfoPopover label={KPIS.critical}>{HEALTH_DEFINITIONS.critical}</InfoPopover>}
      />
      <KpiCard
        label={KPIS.load}
        value={formatPct(kpis.systemLoad)}
        testId="kpi-system-load"
        info={<InfoPopover label={KPIS.load}>{HEALTH_DEFINITIONS.load}</InfoPopover>}
      />
    </div>
  );
}
