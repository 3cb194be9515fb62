import { ALERT_FILTERS, type AlertFilter } from '../../../shared/alerts';
import { FILTER_LABELS } from './alertStyle';
import { ALERTS_FEED_TEXTS } from './texts';

/** The filter categories of part 1 §2: all, business, customer, technical, security. */
export function AlertFilterSelect({
  value,
  onChange,
}: {
  value: AlertFilter;
  onChange: (filter: AlertFilter) => void;
}) {
  return (
    <select
      aria-label={ALERTS_FEED_TEXTS.category}
      value={value}
      onChange={(event) => onChange(event.target.value as AlertFilter)}
      className="rounded-md border border-line bg-surface px-2 py-1 text-sm text-fg"
    >
      {ALERT_FILTERS.map((filter) => (
        <option key={filter} value={filter}>
          {FILTER_LABELS[filter]}
        </option>
      ))}
    </select>
  );
}
