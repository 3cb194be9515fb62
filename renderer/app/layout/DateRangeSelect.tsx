import { ChevronDown } from 'lucide-react';
import { DATE_RANGES, type DateRange } from '../../../shared/constants';
import { useUiStore } from '../state/useUiStore';

const isDateRange = (value: string): value is DateRange => DATE_RANGES.some((range) => range.value === value);

/** The header's date range (part 1 §2). Kept in the UI store; screens may read it. */
export function DateRangeSelect() {
  const dateRange = useUiStore((state) => state.dateRange);
  const setDateRange = useUiStore((state) => state.setDateRange);
  return (
    <div className="relative">
      <select
        aria-label="Date range"
        value={dateRange}
        onChange={(event) => {
          if (isDateRange(event.target.value)) setDateRange(event.target.value);
        }}
        className="h-9 appearance-none rounded-md border border-line bg-surface py-0 pr-8 pl-3 text-sm text-fg shadow-sm hover:bg-surface-muted"
      >
        {DATE_RANGES.map((range) => (
          <option key={range.value} value={range.value}>
            {range.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted"
      />
    </div>
  );
}
