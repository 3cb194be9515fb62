import {
  AUDIT_SORTS,
  type AuditAction,
  type AuditListQuery,
  type AuditSeverity,
  type AuditSort,
  type AuditStatus,
  type SortOrder,
} from '../../../shared/api/audit';
import type { SortState } from '../../components/ui/DataTable';

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

const isAuditSort = (id: string): id is AuditSort => (AUDIT_SORTS as readonly string[]).includes(id);

/** The table's sort state for the screen's sorting (the rule itself, part 2 §2, lives in DataTable). */
export const toSortState = (sorting: AuditSorting): SortState => ({
  id: sorting.sort,
  desc: sorting.order === 'desc',
});

/** The screen's sorting for a sort the table reports; null for a column the server cannot sort by. */
export function fromSortState(state: SortState): AuditSorting | null {
  return isAuditSort(state.id) ? { sort: state.id, order: state.desc ? 'desc' : 'asc' } : null;
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
