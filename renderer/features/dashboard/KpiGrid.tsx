import { FIGURE_DEFINITIONS, type BusinessDashboard } from '../../../shared/api/business';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { KpiCard } from '../../components/ui/KpiCard';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';

type Kpis = BusinessDashboard['kpis'];
type Basis = BusinessDashboard['basis'];

interface Figure {
  key: keyof Kpis;
  label: string;
  value: (k: Kpis) => string;
  /** How this value was reached, from the figures' inputs. */
  basis: (b: Basis, k: Kpis) => string;
}

const count = (n: number) => formatNumber(n);

export const FIGURES: readonly Figure[] = [
  {
    key: 'mrr',
    label: 'Monthly Recurring Revenue',
    value: (k) => formatMoney(k.mrr),
    basis: (b) => `${count(b.payingCustomers)} paying customers, ARPA ${formatMoney(b.arpa)}.`,
  },
  {
    key: 'annualRunRate',
    label: 'Annual Run Rate',
    value: (k) => formatMoney(k.annualRunRate),
    basis: (_b, k) => `12 × ${formatMoney(k.mrr)}.`,
  },
  {
    key: 'grossMargin',
    label: 'Gross Margin',
    value: (k) => formatPercent(k.grossMargin),
    basis: (b) => `Revenue ${formatMoney(b.revenue)}, cloud cost ${formatMoney(b.cloudCost)}.`,
  },
  {
    key: 'cac',
    label: 'Customer Acquisition Cost',
    value: (k) => formatMoney(k.cac),
    basis: (b) => `Spend ${formatMoney(b.acquisitionSpend)} ÷ ${count(b.newCustomers)} new customers.`,
  },
  {
    key: 'ltv',
    label: 'Customer Lifetime Value',
    value: (k) => formatMoney(k.ltv),
    basis: (b, k) =>
      `ARPA ${formatMoney(b.arpa)} × margin ${formatPercent(k.grossMargin)} ÷ churn ${formatPercent(b.averageChurn6m)}.`,
  },
  {
    key: 'monthlyChurn',
    label: 'Monthly Churn',
    value: (k) => formatPercent(k.monthlyChurn),
    basis: (b) => `${count(b.customersLost)} lost of ${count(b.customersAtStart)} at the start.`,
  },
  {
    key: 'cloudMonthlyCost',
    label: 'Cloud Monthly Cost',
    value: (k) => formatMoney(k.cloudMonthlyCost),
    basis: () => 'Lambda, DynamoDB, S3, CloudFront, API Gateway and others.',
  },
  {
    key: 'activeCenters',
    label: 'Active Centers',
    value: (k) => count(k.activeCenters),
    basis: () => 'Counted now.',
  },
  {
    key: 'trialConversion',
    label: 'Trial Conversion',
    value: (k) => formatPercent(k.trialConversion),
    basis: (b) => `${count(b.trialsConverted)} converted of ${count(b.trialsEnded)} ended.`,
  },
];

/** The nine KPI cards of part 1 §2, each with its definition. */
export function KpiGrid({ figures }: { figures: BusinessDashboard }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {FIGURES.map((f) => (
        <KpiCard
          key={f.key}
          label={f.label}
          testId={`kpi-${f.key}`}
          value={f.value(figures.kpis)}
          detail={f.basis(figures.basis, figures.kpis)}
          info={<InfoPopover label={f.label}>{FIGURE_DEFINITIONS[f.key]}</InfoPopover>}
        />
      ))}
    </div>
  );
}
