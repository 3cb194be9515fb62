import { clsx } from 'clsx';
import type { BudgetStatus } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';

/** Each budget's use over the last 30 days, and its alerts on actual and forecast spend. */
export function BudgetAlerts({ budgets }: { budgets: BudgetStatus[] }) {
  if (budgets.length === 0) return <p className="text-sm text-muted">No budgets set.</p>;
  return (
    <ul className="space-y-4">
      {budgets.map((b) => (
        <li key={b.id} aria-label={b.name}>
          <div className="flex justify-between text-sm">
            <span className="font-medium text-fg">{b.name}</span>
            <span className="text-fg tabular-nums">
              {formatMoney(b.spent)} of {formatMoney(b.monthlyLimit)} ({b.usedPercent}%)
            </span>
          </div>
          <div
            role="meter"
            aria-label={`${b.name} used`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(100, b.usedPercent)}
            aria-valuetext={`${b.usedPercent}%`}
            className="mt-1 h-2 overflow-hidden rounded-full bg-surface-muted"
          >
            <div
              className={clsx(
                'h-full rounded-full',
                b.usedPercent >= 100
                  ? 'bg-red-500'
                  : b.usedPercent >= b.alertThresholdPercent
                    ? 'bg-yellow-400'
                    : 'bg-green-500',
              )}
              style={{ width: `${Math.min(100, b.usedPercent)}%` }}
            />
          </div>
          <p className="mt-1 text-xs text-muted">
            Alerts at {b.alertThresholdPercent}% · next 30 days forecast {formatMoney(b.forecast)}
          </p>
          {b.alerts.map((a) => (
            <p
              key={a.kind}
              role="status"
              className={clsx(
                'mt-2 rounded-md px-3 py-2 text-sm',
                a.severity === 'critical'
                  ? 'bg-red-50 text-red-800 dark:bg-red-950 dark:text-red-300'
                  : 'bg-yellow-50 text-yellow-800 dark:bg-yellow-950 dark:text-yellow-300',
              )}
            >
              {a.message}
            </p>
          ))}
        </li>
      ))}
    </ul>
  );
}
