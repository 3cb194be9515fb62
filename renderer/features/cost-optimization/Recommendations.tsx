import type { CostRecommendation } from '../../../shared/api/business';
import { formatMoney } from '../../lib/format';
import { SERVICE_LABELS } from './labels';
import { COST_TEXTS } from './texts';

const TEXTS = COST_TEXTS.recommendations;

const EFFORT_STYLE = {
  low: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  medium: 'bg-yellow-100 text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300',
  high: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
} as const;

/** The top recommendations: savings per month, effort and implementation time. */
export function Recommendations({ items, limit = 5 }: { items: CostRecommendation[]; limit?: number }) {
  if (items.length === 0) return <p className="text-sm text-muted">{TEXTS.empty}</p>;
  return (
    <ul className="divide-y divide-line">
      {items.slice(0, limit).map((r) => (
        <li key={r.id} className="py-3" aria-label={r.title}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium text-fg">{r.title}</p>
              <p className="text-xs text-muted">{TEXTS.source(SERVICE_LABELS[r.service], r.category)}</p>
            </div>
            <p className="text-sm font-semibold text-green-700 tabular-nums dark:text-green-400">
              {COST_TEXTS.perMonth(formatMoney(r.potential_savings))}
            </p>
          </div>
          <p className="mt-1 text-sm text-fg">{r.description}</p>
          <p className="mt-1 flex gap-2 text-xs text-muted">
            <span className={`rounded-full px-2 py-0.5 font-medium ${EFFORT_STYLE[r.effort]}`}>
              {TEXTS.effort(r.effort)}
            </span>
            <span>{r.implementation_time}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
