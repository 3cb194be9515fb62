import { FIGURE_DEFINITIONS, type BusinessDashboard } from '../../../shared/api/business';
import { InfoPopover } from '../../components/ui/InfoPopover';
import { KpiCard } from '../../components/ui/KpiCard';
import { formatMoney, formatNumber, formatPercent } from '../../lib/format';
import { DASHBOARD_TEXTS } from './texts';

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
const LABELS = DASHBOARD_TEXTS.kpis;
const BASIS = DASHBOARD_TEXTS.basis;

export const FIGURES: readonly Figure[] = [
  {
    key: 'mrr',
    label: LABELS.mrr,
    value: (k) => formatMoney(k.mrr),
    basis: (b) => BASIS.mrr(count(b.payingCustomers), formatMoney(b.arpa)),
  },
  {
    key: 'annualRunRate',
    label: LABELS.annualRunRate,
    value: (k) => formatMoney(k.annualRunRate),
    basis: (_b, k) => BASIS.annualRunRate(formatMoney(k.mrr)),
  },
  {
    key: 'grossMargin',
    label: LABELS.grossMargin,
    value: (k) => formatPercent(k.grossMargin),
    basis: (b) => BASIS.grossMargin(formatMoney(b.revenue), formatMoney(b.cloudCost)),
  },
  {
    key: 'cac',
    label: LABELS.cac,
    value: (k) => formatMoney(k.cac),
    basis: (b) => BASIS.cac(formatMoney(b.acquisitionSpend), count(b.newCustomers)),
  },
  {
    key: 'ltv',
    label: LABELS.ltv,
    value: (k) => formatMoney(k.ltv),
    basis: (b, k) =>
      BASIS.ltv(formatMoney(b.arpa), formatPercent(k.grossMargin), formatPercent(b.averageChurn6m)),
  },
  {
    key: 'monthlyChurn',
    label: LABELS.monthlyChurn,
    value: (k) => formatPercent(k.monthlyChurn),
    basis: (b) => BASIS.monthlyChurn(count(b.customersLost), count(b.customersAtStart)),
  },
  {
    key: 'cloudMonthlyCost',
    label: LABELS.cloudMonthlyCost,
    value: (k) => formatMoney(k.cloudMonthlyCost),
    basis: () => BASIS.cloudMonthlyCost,
  },
  {
    key: 'activeCenters',
    label: LABELS.activeCenters,
    value: (k) => count(k.activeCenters),
    basis: () => BASIS.activeCenters,
  },
  {
    key: 'trialConversion',
    label: LABELS.trialConversion,
    value: (k) => formatPercent(k.trialConversion),
    basis: (b) => BASIS.trialConversion(count(b.trialsConverted), count(b.trialsEnded)),
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
