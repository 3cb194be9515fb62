import { USAGE_DEFINITIONS, type UserAnalytics } from '../../../shared/api/usage';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { KpiCard } from '../../components/ui/KpiCard';
import { count, formatDuration } from './rules';

type Kpis = UserAnalytics['kpis'];

const FIGURES: readonly {
  key: keyof Kpis & keyof typeof USAGE_DEFINITIONS;
  label: string;
  value: (k: Kpis) => string;
}[] = [
  { key: 'totalSessions', label: 'Total Sessions', value: (k) => count(k.totalSessions) },
  { key: 'uniqueUsers', label: 'Unique Users', value: (k) => count(k.uniqueUsers) },
  { key: 'pageViews', label: 'Page Views', value: (k) => count(k.pageViews) },
  {
    key: 'avgSessionDuration',
    label: 'Avg. Session Duration',
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
