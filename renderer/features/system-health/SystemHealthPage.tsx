import { Button } from '../../components/ui/Button';
import { LoadingState } from '../../components/ui/LoadingState';
import { PageHeader } from '../../components/ui/PageHeader';
import { formatTime } from '../../lib/monitoring-format';
import { routeTitle } from '../../lib/navigation';
import { HealthKpis } from './HealthKpis';
import { PerformanceChart, TrafficChart } from './HealthCharts';
import { InfrastructureTable } from './InfrastructureTable';
import { JobQueuesPanel } from './JobQueuesPanel';
import { useSystemHealth } from './queries';
import { ServiceCards } from './ServiceCards';
import { HEALTH_TEXTS } from './texts';

/** System Health (part 2 §2): the probes, samples and request roll-ups the servers recorded. */
export function SystemHealthPage() {
  const health = useSystemHealth();
  const data = health.data;
  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/system-health')}
        description={HEALTH_TEXTS.description}
        actions={
          <>
            <span className="text-xs text-muted" data-testid="last-updated">
              {HEALTH_TEXTS.lastUpdated(data ? formatTime(data.generatedAt) : '—')}
            </span>
            <Button onClick={() => void health.refetch()} disabled={health.isFetching}>
              {HEALTH_TEXTS.refresh}
            </Button>
          </>
        }
      />
      {!data ? (
        // Part 2 §8: a failure is only logged; the screen keeps waiting for the next refresh.
        <LoadingState label={HEALTH_TEXTS.loading} fallback={HEALTH_TEXTS.loading} />
      ) : (
        <>
          <HealthKpis kpis={data.kpis} />
          <div className="grid gap-6 xl:grid-cols-2">
            <PerformanceChart points={data.performance} />
            <TrafficChart points={data.traffic} />
          </div>
          <ServiceCards services={data.services} />
          <InfrastructureTable instances={data.instances} />
          <JobQueuesPanel />
        </>
      )}
    </div>
  );
}
