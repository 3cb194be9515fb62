import { clsx } from 'clsx';
import type { BudgetStatus } from '../../../shared/api/business';
import { STATUS_TONES } from '../../components/ui/StatusBadge';
import { UsageMeter } from '../../components/ui/UsageMeter';
import { formatMoney } from '../../lib/format';
import { COST_TEXTS } from './texts';

const TEXTS = COST_TEXTS.budgets;

type BudgetTone = 'ok' | 'warning' | 'critical';

/** Spent the whole limit: critical; past the budget's alert threshold: warning. */
function budgetTone(b: BudgetStatus): BudgetTone {
  if (b.usedPercent >= 100) return 'critical';
  if (b.usedPercent >= b.alertThresholdPercent) return 'warning';
  return 'ok';
}

const BAR: Record<BudgetTone, string> = {
  critical: 'bg-red-500',
  warning: 'bg-yellow-400',
  ok: 'bg-green-500',
};

/** Each budget's use over the last 30 days, and its alerts on actual and forecast spend. */
export function BudgetAlerts({ budgets }: { budgets: BudgetStatus[] }) {
  if (budgets.length === 0) return <p className="text-sm text-muted">{TEXTS.empty}</p>;
  return (
    <ul className="space-y-4">
      {budgets.map((b) => (
        <li key={b.id} aria-label={b.name}>
          <UsageMeter
            label={b.name}
            percent={b.usedPercent}
            detail={
              <span className="text-fg tabular-nums">
                {TEXTS.used(formatMoney(b.spent), formatMoney(b.monthlyLimit), b.usedPercent)}
              </span>
            }
            tone={budgetTone(b)}
            barClassName={BAR[budgetTone(b)]}
          />
          <p className="mt-1 text-xs text-muted">
            {TEXTS.alertsAt(b.alertThresholdPercent, formatMoney(b.forecast))}
          </p>
          {b.alerts.map((a) => {
            const { icon: Icon, badge } = STATUS_TONES[a.severity];
            return (
              <p
                key={a.kind}
                role="status"
                className={clsx('mt-2 flex items-start gap-2 rounded-md px-3 py-2 text-sm', badge)}
              >
                <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {a.message}
              </p>
            );
          })}
        </li>
      ))}
    </ul>
  );
}
