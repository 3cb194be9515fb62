import type {
  AuditAction,
  AuditListQuery,
  AuditSeverity,
  AuditSort,
  AuditStatus,
  SortOrder,
} from '../../../shared/api/audit';

/** The screen's filter state (part 2 §2): a search and three dropdowns, 'all' meaning no filter. */
export interface AuditFilterState {
  search: string;
  action: AuditAction | 'all';
  status: AuditStatus | 'all';
  severity: AuditSeverity | 'all';
}

export interface AuditSorting {
  sort: AuditSort;
  order: SortOrder;
}

export const NO_FILTERS: AuditFilterState = { search: '', action: 'all', status: 'all', severity: 'all' };
export const DEFAULT_SORTING: AuditSorting = { sort: 'timestamp', order: 'desc' };

/** The n of 'Clear Filters (n)': the search and each dropdown that narrows. */
export function activeFilterCount(filters: AuditFilterState): number {
  return (
    (filters.search.trim() ? 1 : 0) +
    (filters.action !== 'all' ? 1 : 0) +
    (filters.status !== 'all' ? 1 : 0) +
    (filters.severity !== 'all' ? 1 : 0)
  );
}

/** Part 2 §4: a click on another column sorts by it ascending; on the same column it toggles. */
export function nextSorting(current: AuditSorting, column: AuditSort): AuditSorting {
  if (current.sort !== column) return { sort: column, order: 'asc' };
  return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
}

/** The server's filter: empty values are ignored (part 2 §5). */
export function toQuery(filters: AuditFilterState, sorting: AuditSorting): AuditListQuery {
  const search = filters.search.trim();
  return {
    ...(search ? { search } : {}),
    ...(filters.action !== 'all' ? { action: filters.action } : {}),
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
    ...(filters.severity !== 'all' ? { severity: filters.severity } : {}),
    sort: sorting.sort,
    order: sorting.order,
  };
}
