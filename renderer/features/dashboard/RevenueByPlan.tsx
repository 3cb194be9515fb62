import type { BusinessDashboard } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';
import { DASHBOARD_TEXTS } from './texts';

const TEXTS = DASHBOARD_TEXTS.revenueByPlan;
const PLAN_LABELS = TEXTS.plans;

/** MRR per plan (Professional, Enterprise, Starter) with the add-ons its customers hold. */
export function RevenueByPlan({ plans }: { plans: BusinessDashboard['revenueByPlan'] }) {
  const total = plans.reduce((sum, p) => sum + p.mrr, 0);
  return (
    <ul className="space-y-4">
      {plans.map((p) => {
        const share = total > 0 ? (p.mrr / total) * 100 : 0;
        return (
          <li key={p.plan} aria-label={PLAN_LABELS[p.plan]}>
            <div className="flex justify-between text-sm">
              <span className="font-medium text-fg">{PLAN_LABELS[p.plan]}</span>
              <span className="text-fg tabular-nums">{TEXTS.perMonth(formatMoney(p.mrr))}</span>
            </div>
            <div className="mt-1 h-2 overflow-hidden rounded-full bg-surface-muted">
              <div className="h-full rounded-full bg-accent" style={{ width: `${share}%` }} />
            </div>
            <p className="mt-1 text-xs text-muted">
              {TEXTS.customers(p.customers)}
              {p.addOns.length > 0
                ? TEXTS.addOns(p.addOns.map((a) => `${a.name} ${a.count}`).join(', '))
                : TEXTS.noAddOns}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
