import type { EngagementMetric } from '../../../shared/api/usage';
import { formatMetric, signedPercent } from './rules';
import { ANALYTICS_TEXTS } from './texts';

/** Each engagement metric now and in the range before, with the change. */
export function EngagementList({ metrics }: { metrics: readonly EngagementMetric[] }) {
  return (
    <ul className="divide-y divide-line">
      {metrics.map((m) => (
        <li key={m.metric} className="flex items-center justify-between gap-4 py-3 text-sm">
          <span className="font-medium text-fg">{m.metric}</span>
          <span className="text-right">
            <span className="font-semibold text-fg tabular-nums">{formatMetric(m.current, m.unit)}</span>
            <span className="ml-2 text-xs text-muted">
              {ANALYTICS_TEXTS.engagement.previous(formatMetric(m.previous, m.unit), signedPercent(m.change))}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
