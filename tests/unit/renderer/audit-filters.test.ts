import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORTING,
  NO_FILTERS,
  activeFilterCount,
  fromSortState,
  toQuery,
  toSortState,
} from '../../../renderer/features/audit-logs/filters';

describe('audit log filters (part 2 §2, §4, §5)', () => {
  it("counts the search and each narrowing dropdown for 'Clear Filters (n)'", () => {
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTERS, search: '   ' })).toBe(0);
    expect(activeFilterCount({ search: 'x', action: 'LOGIN', status: 'failure', severity: 'high' })).toBe(4);
    expect(activeFilterCount({ ...NO_FILTERS, status: 'warning' })).toBe(1);
  });

  it("maps the table's sort state to the server's sorting and back", () => {
    expect(toSortState(DEFAULT_SORTING)).toEqual({ id: 'timestamp', desc: true });
    expect(fromSortState({ id: 'user', desc: false })).toEqual({ sort: 'user', order: 'asc' });
    expect(fromSortState(toSortState({ sort: 'action', order: 'desc' }))).toEqual({
      sort: 'action',
      order: 'desc',
    });
    expect(fromSortState({ id: 'resource', desc: false })).toBeNull();
  });

  it('leaves empty filters out of the server query and trims the search', () => {
    expect(toQuery(NO_FILTERS, DEFAULT_SORTING)).toEqual({ sort: 'timestamp', order: 'desc' });
    expect(
      toQuery(
        { search: '  Dana ', action: 'UPDATE', status: 'all', severity: 'critical' },
        { sort: 'user', order: 'asc' },
      ),
    ).toEqual({ search: 'Dana', action: 'UPDATE', severity: 'critical', sort: 'user', order: 'asc' });
  });
});
