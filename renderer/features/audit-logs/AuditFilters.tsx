import { Search } from 'lucide-react';
import { AUDIT_ACTIONS, AUDIT_SEVERITIES, AUDIT_STATUSES } from '../../../shared/api/audit';
import { Button } from '../../components/ui/Button';
import { trackFeature } from '../../lib/usage';
import { activeFilterCount, type AuditFilterState } from './filters';
import { FormField } from '../../components/ui/FormField';
import { AUDIT_TEXTS } from './texts';

const TEXTS = AUDIT_TEXTS.filters;

const SELECT = 'rounded-md border border-line bg-surface px-3 py-2 text-sm text-fg';

function Dropdown<T extends string>({
  label,
  allLabel,
  value,
  options,
  onChange,
}: {
  label: string;
  allLabel: string;
  value: T | 'all';
  options: readonly T[];
  onChange: (value: T | 'all') => void;
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => {
        trackFeature('filter');
        onChange(e.target.value as T | 'all');
      }}
      className={SELECT}
    >
      <option value="all">{allLabel}</option>
      {options.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </select>
  );
}

/** Search and the three dropdown filters of part 2 §2, with 'Clear Filters (n)'. */
export function AuditFilters({
  filters,
  onChange,
}: {
  filters: AuditFilterState;
  onChange: (filters: AuditFilterState) => void;
}) {
  const active = activeFilterCount(filters);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <FormField label={TEXTS.search} hideLabel className="relative min-w-[16rem] flex-1">
        {(field) => (
          <>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted"
            />
            <input
              {...field}
              type="search"
              value={filters.search}
              onChange={(e) => onChange({ ...filters, search: e.target.value })}
              placeholder={TEXTS.searchPlaceholder}
              className="w-full rounded-md border border-line bg-surface py-2 pl-9 pr-3 text-sm text-fg"
            />
          </>
        )}
      </FormField>
      <Dropdown
        label={TEXTS.action}
        allLabel={TEXTS.allActions}
        value={filters.action}
        options={AUDIT_ACTIONS}
        onChange={(action) => onChange({ ...filters, action })}
      />
      <Dropdown
        label={TEXTS.status}
        allLabel={TEXTS.allStatuses}
        value={filters.status}
        options={AUDIT_STATUSES}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <Dropdown
        label={TEXTS.severity}
        allLabel={TEXTS.allSeverities}
        value={filters.severity}
        options={AUDIT_SEVERITIES}
        onChange={(severity) => onChange({ ...filters, severity })}
      />
      {active > 0 ? (
        <Button
          variant="ghost"
          onClick={() => onChange({ search: '', action: 'all', status: 'all', severity: 'all' })}
        >
          {TEXTS.clear(active)}
        </Button>
      ) : null}
    </div>
  );
}
