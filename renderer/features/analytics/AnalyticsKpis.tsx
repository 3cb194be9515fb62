import { USAGE_DEFINITIONS, type UserAnalytics } from '../../../shared/api/usage';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { KpiCard } from '../../components/ui/KpiCard';
import { count, formatDuration } from './rules';
import { ANALYTICS_TEXTS } from './texts';

type Kpis = UserAnalytics['kpis'];

const FIGURES: readonly {
  key: keyof Kpis & keyof typeof USAGE_DEFINITIONS;
  label: string;
  value: (k: Kpis) => string;
}[] = [
  { key: 'totalSessions', label: ANALYTICS_TEXTS.kpis.totalSessions, value: (k) => count(k.totalSessions) },
  { key: 'uniqueUsers', label: ANALYTICS_TEXTS.kpis.uniqueUsers, value: (k) => count(k.uniqueUsers) },
  { key: 'pageViews', label: ANALYTICS_TEXTS.kpis.pageViews, value: (k) => count(k.pageViews) },
  {
    key: 'avgSessionDuration',
    label: ANALYTICS_TEXTS.kpis.avgSessionDuration,
    value: (k) => formatDuration(k.avgSessionDuration),
  },
];

/** The four KPI cards of part 2 §2, each saying how it is computed. */
export function AnalyticsKpis({ kpis }: { kpis: Kpis }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {FIGURES.map((figure) => (
        <KpiCard
          key={figure.key}
          label={figure.label}
          value={figure.value(kpis)}
          testId={`kpi-${figure.key}`}
          info={<InfoPopover label={figure.label}>{USAGE_DEFINITIONS[figure.key]}</InfoPopover>}
        />
      ))}
    </div>
  );
}
