import { clsx } from 'clsx';
import { useState } from 'react';
import {
  COST_PERIODS,
  DEFAULT_COST_PERIOD,
  FIGURE_DEFINITIONS,
  type CostPeriod,
} from '../../../shared/api/business';
import { useAuthStore } from '../../app/state/useAuthStore';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { PageHeader } from '../../components/ui/PageHeader';
import { Card } from '../../components/ui/Card';
import { KpiCard } from '../../components/ui/KpiCard';
import { Spinner } from '../../components/ui/Spinner';
import { formatMoney } from '../../lib/format';
import { routeTitle } from '../../lib/navigation';
import { BudgetAlerts } from './BudgetAlerts';
import { CostImport } from './CostImport';
import { CostTrendChart } from './CostTrendChart';
import { Recommendations } from './Recommendations';
import { ServiceBreakdown } from './ServiceBreakdown';
import { PERIOD_LABELS, formatChange } from './labels';
import { useCostOverview } from './queries';

function PeriodSelector({ value, onChange }: { value: CostPeriod; onChange: (p: CostPeriod) => void }) {
  return (
    <div
      role="group"
      aria-label="Period"
      className="inline-flex rounded-md border border-line bg-surface p-0.5"
    >
      {COST_PERIODS.map((p) => (
        <button
          key={p}
          type="button"
          aria-pressed={p === value}
          onClick={() => onChange(p)}
          className={clsx(
            'rounded px-3 py-1 text-sm font-medium',
            p === value ? 'bg-accent text-accent-fg' : 'text-muted hover:text-fg',
          )}
        >
          {p}
        </button>
      ))}
    </div>
  );
}

/** Cloud cost (part 1 §2): period selector, KPIs, stacked trend, breakdown, recommendations, budgets. */
export function CostOptimizationPage() {
  const [period, setPeriod] = useState<CostPeriod>(DEFAULT_COST_PERIOD);
  const overview = useCostOverview(period);
  const canImport = useAuthStore((s) => s.user?.permissions.includes('platform.manage') ?? false);
  const data = overview.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/cost-optimization')}
        description="Cloud spend by service over time, the service cost breakdown, savings recommendations and budget alerts."
        actions={<PeriodSelector value={period} onChange={setPeriod} />}
      />
      {overview.isError ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          Could not load the cost figures: {overview.error.message}
        </p>
      ) : null}
      {data ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <KpiCard
              label={`Cost (${PERIOD_LABELS[period]})`}
              testId="cost-total"
              value={formatMoney(data.breakdown.total.current_cost, true)}
              detail={`${formatChange(data.breakdown.total.change_percent)} vs previous ${PERIOD_LABELS[period]}`}
            />
            <KpiCard
              label="Forecast (next period)"
              testId="cost-forecast"
              value={
                data.breakdown.total.forecast
                  ? formatMoney(data.breakdown.total.forecast.value)
                  : 'not enough data'
              }
              detail={
                data.breakdown.total.forecast
                  ? `80 % band ${formatMoney(data.breakdown.total.forecast.low)} – ${formatMoney(data.breakdown.total.forecast.high)}`
                  : `${data.breakdown.daysWithData} days of data`
              }
              info={<InfoPopover label="Forecast">{FIGURE_DEFINITIONS.forecast}</InfoPopover>}
            />
            <KpiCard
              label="Potential Savings"
              testId="cost-savings"
              value={`${formatMoney(data.score.potentialSavings)}/mo`}
              detail={`${data.recommendations.length} recommendations`}
            />
            <KpiCard
              label="Optimization Score"
              testId="cost-score"
              value={`${data.score.score}/100`}
              detail={`${formatMoney(data.score.potentialSavings)} of ${formatMoney(data.score.monthlyCost)} a month could be saved`}
              info={<InfoPopover label="Optimization Score">{data.score.method}</InfoPopover>}
            />
          </div>
          <Card title="Cost Trend by Service">
            <CostTrendChart trend={data.trend} />
          </Card>
          <Card title="Service Cost Breakdown">
            <ServiceBreakdown breakdown={data.breakdown} />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title="Top Recommendations">
              <Recommendations items={data.recommendations} />
            </Card>
            <Card
              title="Budget Alerts"
              info={<InfoPopover label="Budget Alerts">{FIGURE_DEFINITIONS.budget}</InfoPopover>}
            >
              <BudgetAlerts budgets={data.budgets} />
            </Card>
          </div>
        </>
      ) : overview.isPending ? (
        <Spinner />
      ) : null}
      {canImport ? (
        <Card title="Cost Records">
          <CostImport />
        </Card>
      ) : null}
    </div>
  );
}
