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
import { DASHBOARD_TEXTS } from './texts';

const CARDS = DASHBOARD_TEXTS.cards;

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
        description={DASHBOARD_TEXTS.description(scope === 'platform', rangeLabel)}
      />
      {figures.isError ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          {DASHBOARD_TEXTS.loadFailed(figures.error.message)}
        </p>
      ) : null}
      {figures.data ? (
        <>
          <KpiGrid figures={figures.data} />
          <div className="grid gap-6 lg:grid-cols-3">
            <Card
              title={CARDS.revenue}
              className="lg:col-span-2"
              info={<InfoPopover label={CARDS.revenue}>{FIGURE_DEFINITIONS.revenueSeries}</InfoPopover>}
            >
              <RevenueChart series={figures.data.revenueSeries} />
            </Card>
            <Card
              title={CARDS.revenueByPlan}
              info={<InfoPopover label={CARDS.revenueByPlan}>{FIGURE_DEFINITIONS.revenueByPlan}</InfoPopover>}
            >
              <RevenueByPlan plans={figures.data.revenueByPlan} />
            </Card>
          </div>
          <Card
            title={CARDS.topCenters}
            info={<InfoPopover label={CARDS.topCenters}>{FIGURE_DEFINITIONS.topCenters}</InfoPopover>}
          >
            <TopCenters centers={figures.data.topCenters} />
          </Card>
        </>
      ) : figures.isPending ? (
        <Spinner />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={CARDS.systemHealth}>
          <SystemHealthGrid />
        </Card>
        <RealtimeAlertsList limit={8} />
      </div>
      {editsSpend ? (
        <Card
          title={CARDS.spend}
          info={<InfoPopover label={CARDS.spend}>{FIGURE_DEFINITIONS.cac}</InfoPopover>}
        >
          <SpendEditor />
        </Card>
      ) : null}
    </div>
  );
}
