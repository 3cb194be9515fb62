import { DATE_RANGES } from '../../../shared/constants';
import { RealtimeAlertsList } from '../alerts-feed/RealtimeAlertsList';
import { FIGURE_DEFINITIONS } from '../../../shared/api/business';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { PageHeader } from '../../components/ui/PageHeader';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { useAuthStore } from '../../app/state/useAuthStore';
import { useUiStore } from '../../app/state/useUiStore';
import { routeTitle } from '../../lib/navigation';
import { KpiGrid } from './KpiGrid';
import { RevenueByPlan } from './RevenueByPlan';
import { RevenueChart } from './RevenueChart';
import { SpendEditor } from './SpendEditor';
import { SystemHealthGrid } from './SystemHealthGrid';
import { TopCenters } from './TopCenters';
import { useBusinessFigures, useDashboardScope } from './queries';

/**
 * The executive dashboard (part 1 §2) on the server's figures for the header's date range, refreshed
 * every 30 s.
 */
export function DashboardPage() {
  const period = useUiStore((s) => s.dateRange);
  const { scope } = useDashboardScope();
  const figures = useBusinessFigures(period);
  const editsSpend = useAuthStore(
    (s) =>
      (s.user?.permissions.includes('billing.manage') ?? false) &&
      s.user?.permissions.includes('analytics.view_platform'),
  );
  const rangeLabel = DATE_RANGES.find((r) => r.value === period)?.label ?? period;

  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/dashboard')}
        description={`${scope === 'platform' ? 'Platform-wide' : "Your organization's"} figures, ${rangeLabel.toLowerCase()}; refreshed every 30 seconds.`}
      />
      {figures.isError ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          Could not load the figures: {figures.error.message}
        </p>
      ) : null}
      {figures.data ? (
        <>
          <KpiGrid figures={figures.data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <Card
              title="Revenue (12 months)"
              className="lg:col-span-2"
              info={<InfoPopover label="Revenue (12 months)">{FIGURE_DEFINITIONS.revenueSeries}</InfoPopover>}
            >
              <RevenueChart series={figures.data.revenueSeries} />
            </Card>
            <Card
              title="Revenue by Plan"
              info={<InfoPopover label="Revenue by Plan">{FIGURE_DEFINITIONS.revenueByPlan}</InfoPopover>}
            >
              <RevenueByPlan plans={figures.data.revenueByPlan} />
            </Card>
          </div>
          <Card
            title="Top Centers"
            info={<InfoPopover label="Top Centers">{FIGURE_DEFINITIONS.topCenters}</InfoPopover>}
          >
            <TopCenters centers={figures.data.topCenters} />
          </Card>
        </>
      ) : figures.isPending ? (
        <Spinner />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="System Health">
          <SystemHealthGrid />
        </Card>
        <RealtimeAlertsList limit={8} />
      </div>
      {editsSpend ? (
        <Card
          title="Sales & Marketing Spend"
          info={<InfoPopover label="Sales & Marketing Spend">{FIGURE_DEFINITIONS.cac}</InfoPopover>}
        >
          <SpendEditor />
        </Card>
      ) : null}
    </div>
  );
}
