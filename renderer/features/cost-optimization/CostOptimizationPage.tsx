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
import { COST_TEXTS } from './texts';

const KPIS = COST_TEXTS.kpis;
const CARDS = COST_TEXTS.cards;

function PeriodSelector({ value, onChange }: { value: CostPeriod; onChange: (p: CostPeriod) => void }) {
  return (
    <div
      role="group"
      aria-label={COST_TEXTS.period}
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
        description={COST_TEXTS.description}
        actions={<PeriodSelector value={period} onChange={setPeriod} />}
      />
      {overview.isError ? (
        <p
          role="alert"
          className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700 dark:border-red-900 dark:bg-red-950 dark:text-red-300"
        >
          {COST_TEXTS.loadFailed(overview.error.message)}
        </p>
      ) : null}
      {data ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <KpiCard
              label={KPIS.cost(PERIOD_LABELS[period])}
              testId="cost-total"
              value={formatMoney(data.breakdown.total.current_cost, true)}
              detail={KPIS.change(formatChange(data.breakdown.total.change_percent), PERIOD_LABELS[period])}
            />
            <KpiCard
              label={KPIS.forecast}
              testId="cost-forecast"
              value={
                data.breakdown.total.forecast
                  ? formatMoney(data.breakdown.total.forecast.value)
                  : COST_TEXTS.notEnoughData
              }
              detail={
                data.breakdown.total.forecast
                  ? KPIS.forecastBand(
                      formatMoney(data.breakdown.total.forecast.low),
                      formatMoney(data.breakdown.total.forecast.high),
                    )
                  : KPIS.daysOfData(data.breakdown.daysWithData)
              }
              info={<InfoPopover label={KPIS.forecastInfo}>{FIGURE_DEFINITIONS.forecast}</InfoPopover>}
            />
            <KpiCard
              label={KPIS.savings}
              testId="cost-savings"
              value={COST_TEXTS.perMonth(formatMoney(data.score.potentialSavings))}
              detail={KPIS.recommendations(data.recommendations.length)}
            />
            <KpiCard
              label={KPIS.score}
              testId="cost-score"
              value={KPIS.scoreValue(data.score.score)}
              detail={KPIS.couldBeSaved(
                formatMoney(data.score.potentialSavings),
                formatMoney(data.score.monthlyCost),
              )}
              info={<InfoPopover label={KPIS.score}>{data.score.method}</InfoPopover>}
            />
          </div>
          <Card title={CARDS.trend}>
            <CostTrendChart trend={data.trend} />
          </Card>
          <Card title={CARDS.breakdown}>
            <ServiceBreakdown breakdown={data.breakdown} />
          </Card>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title={CARDS.recommendations}>
              <Recommendations items={data.recommendations} />
            </Card>
            <Card
              title={CARDS.budgets}
              info={<InfoPopover label={CARDS.budgets}>{FIGURE_DEFINITIONS.budget}</InfoPopover>}
            >
              <BudgetAlerts budgets={data.budgets} />
            </Card>
          </div>
        </>
      ) : overview.isPending ? (
        <Spinner />
      ) : null}
      {canImport ? (
        <Card title={CARDS.records}>
          <CostImport />
        </Card>
      ) : null}
    </div>
  );
}
