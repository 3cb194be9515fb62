import { useState } from 'react';
import { ANALYTICS_RANGES, USAGE_DEFINITIONS, type AnalyticsRange } from '../../../shared/api/usage';
import { Card } from '../../components/ui/Card';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { routeTitle } from '../../lib/navigation';
import { AnalyticsKpis } from './AnalyticsKpis';
import { DeviceBreakdown } from './DeviceBreakdown';
import { EngagementList } from './EngagementList';
import { FeatureUsageCards } from './FeatureUsageCards';
import { TrafficChart } from './TrafficChart';
import { useUserAnalytics } from './queries';
import { ANALYTICS_TEXTS } from './texts';

const CARDS = ANALYTICS_TEXTS.cards;

const isRange = (value: string): value is AnalyticsRange => ANALYTICS_RANGES.some((r) => r.value === value);

/** User Analytics (part 2 §2) on the console's own usage, recorded by the server. */
export function AnalyticsPage() {
  const [range, setRange] = useState<AnalyticsRange>('7d');
  const analytics = useUserAnalytics(range);
  const data = analytics.data;
  const info = (label: string, key: keyof typeof USAGE_DEFINITIONS) => (
    <InfoPopover label={label}>{USAGE_DEFINITIONS[key]}</InfoPopover>
  );

  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/analytics')}
        description={ANALYTICS_TEXTS.description}
        actions={
          <select
            aria-label={ANALYTICS_TEXTS.timeRange}
            value={range}
            onChange={(event) => {
              if (isRange(event.target.value)) setRange(event.target.value);
            }}
            className="h-9 rounded-md border border-line bg-surface px-3 text-sm text-fg shadow-sm"
          >
            {ANALYTICS_RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        }
      />
      {data ? (
        <>
          <AnalyticsKpis kpis={data.kpis} />
          <Card title={CARDS.trend} info={info(CARDS.trend, 'trend')}>
            <TrafficChart days={data.trend} />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title={CARDS.engagement} info={info(CARDS.engagement, 'engagement')}>
              <EngagementList metrics={data.engagement} />
            </Card>
            <Card title={CARDS.devices} info={info(CARDS.devices, 'devices')}>
              <DeviceBreakdown devices={data.devices} screens={data.screens} />
            </Card>
          </div>
          <Card title={CARDS.features} info={info(CARDS.features, 'features')}>
            <FeatureUsageCards features={data.features} />
          </Card>
        </>
      ) : analytics.isPending ? (
        <div role="status" aria-label={ANALYTICS_TEXTS.loading} className="flex justify-center py-16">
          <Spinner className="size-6" />
        </div>
      ) : null}
    </div>
  );
}
