import type { ApiPerformance } from '../../../shared/api/monitoring';
import { errorKpiTone, withinSla } from '../../../shared/monitoring';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { KpiCard } from '../../components/ui/KpiCard';
import { formatCount, formatMs, formatPct } from '../../lib/monitoring-format';
import { API_PERFORMANCE_TEXTS } from './texts';

/** What each KPI means. */
const API_DEFINITIONS = API_PERFORMANCE_TEXTS.definitions;

const KPIS = API_PERFORMANCE_TEXTS.kpis;

export function ApiKpis({ kpis }: { kpis: ApiPerformance['kpis'] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <KpiCard
        label={KPIS.average}
        value={formatMs(kpis.averageMs)}
        testId="kpi-average"
        info={<InfoPopover label={KPIS.average}>{API_DEFINITIONS.average}</InfoPopover>}
      />
      <KpiCard
        label={KPIS.requests}
        value={formatCount(kpis.requests)}
        testId="kpi-requests"
        info={<InfoPopover label={KPIS.requests}>{API_DEFINITIONS.requests}</InfoPopover>}
      />
      <KpiCard
        label={KPIS.errorRate}
        value={formatPct(kpis.errorRate, 2)}
        tone={errorKpiTone(kpis.errorRate)}
        testId="kpi-error-rate"
        detail={withinSla(kpis.errorRate) ? KPIS.withinSla : undefined}
        info={<InfoPopover label={KPIS.errorRate}>{API_DEFINITIONS.errorRate}</InfoPopover>}
      />
      <KpiCard
        label={KPIS.p95}
        value={formatMs(kpis.p95Ms)}
        testId="kpi-p95"
        info={<InfoPopover label={KPIS.p95}>{API_DEFINITIONS.p95}</InfoPopover>}
      />
    </div>
  );
}
