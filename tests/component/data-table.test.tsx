import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  DataTable,
  type DataColumn,
  type DataTableProps,
  type SortState,
} from '../../renderer/components/ui/DataTable';
import { withViewport } from './layout';

interface Person {
  id: string;
  name: string;
  age: number;
}

const PEOPLE: Person[] = [
  { id: 'p1', name: 'Carol', age: 41 },
  { id: 'p2', name: 'alice', age: 9 },
  { id: 'p3', name: 'Bob', age: 120 },
];

const COLUMNS: DataColumn<Person>[] = [
  { id: 'name', header: 'Name', cell: (p) => p.name, sortValue: (p) => p.name, rowHeader: true },
  { id: 'age', header: 'Age', cell: (p) => String(p.age), sortValue: (p) => p.age, numeric: true },
  { id: 'note', header: 'Note', cell: () => 'n/a' },
];

function renderTable(props: Partial<DataTableProps<Person>> = {}) {
  return render(
    <DataTable label="People" columns={COLUMNS} data={PEOPLE} getRowId={(p) => p.id} {...props} />,
  );
}

const table = () => screen.getByRole('table', { name: 'People' });
const header = (name: string) => within(table()).getByRole('columnheader', { name });
/** The body rows (the header row is in the first rowgroup). */
const bodyRows = () => within(within(table()).getAllByRole('rowgroup')[1]!).queryAllByRole('row');
const column = (id: string) =>
  bodyRows().map((row) => row.querySelector(`[data-column="${id}"]`)?.textContent ?? '');

describe('DataTable sorting', () => {
  it('sorts a new column ascending first and toggles the same column, with aria-sort', async () => {
    const user = userEvent.setup();
    renderTable();
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(header('Note').hasAttribute('aria-sort')).toBe(false);
    expect(within(header('Note')).queryByRole('button')).toBeNull();

    await user.click(within(header('Name')).getByRole('button'));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(column('name')).toEqual(['alice', 'Bob', 'Carol']);

    await user.click(within(header('Name')).getByRole('button'));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(column('name')).toEqual(['Carol', 'Bob', 'alice']);

    // A third click toggles again: the sort is never removed.
    await user.click(within(header('Name')).getByRole('button'));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');

    // Another column starts ascending, numbers compared as numbers; the first one is released.
    await user.click(within(header('Age')).getByRole('button'));
    expect(header('Age').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    expect(column('age')).toEqual(['9', '41', '120']);
  });

  it('sorts from the keyboard: the header is focusable and Enter and Space operate it', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.tab();
    expect(document.activeElement).toBe(within(header('Name')).getByRole('button'));
    await user.keyboard('{Enter}');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    await user.keyboard(' ');
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(header('Age').getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts on the server: controlled state reported, rows left in the given order', async () => {
    const user = userEvent.setup();
    const changes: SortState[] = [];
    function Server() {
      const [sort, setSort] = useState<SortState>({ id: 'age', desc: true });
      return (
        <DataTable
          label="People"
          columns={COLUMNS.map((c) => ({ ...c, sortValue: undefined, sortable: c.id !== 'note' }))}
          data={PEOPLE}
          getRowId={(p) => p.id}
          manualSorting
          sort={sort}
          onSortChange={(next) => {
            changes.push(next);
            setSort(next);
          }}
        />
      );
    }
    render(<Server />);
    expect(header('Age').getAttribute('aria-sort')).toBe('descending');
    await user.click(within(header('Name')).getByRole('button'));
    await user.click(within(header('Name')).getByRole('button'));
    await user.click(within(header('Age')).getByRole('button'));
    expect(changes).toEqual([
      { id: 'name', desc: false },
      { id: 'name', desc: true },
      { id: 'age', desc: false },
    ]);
    expect(column('name')).toEqual(['Carol', 'alice', 'Bob']);
  });
});

describe('DataTable states', () => {
  it('shows the empty-state slot when there are no rows', () => {
    renderTable({ data: [], empty: 'Nothing here yet' });
    expect(bodyRows()).toHaveLength(1);
    expect(within(bodyRows()[0]!).getByText('Nothing here yet')).toBeTruthy();
  });

  it('shows a loading row instead of the empty state while loading', () => {
    renderTable({ data: [], empty: 'Nothing here yet', loading: true, loadingLabel: 'Loading people…' });
    expect(within(table()).getByRole('status').textContent).toBe('Loading people…');
    expect(screen.queryByText('Nothing here yet')).toBeNull();
  });

  it('shows an error row with its message and a retry that calls back', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    renderTable({ data: [], empty: 'Nothing here yet', error: 'The list failed', onRetry });
    expect(within(table()).getByRole('alert').textContent).toBe('The list failed');
    expect(screen.queryByText('Nothing here yet')).toBeNull();
    await user.click(within(table()).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows no retry when none is given, and keeps loaded rows above the error', () => {
    renderTable({ error: 'The next page failed' });
    expect(within(table()).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(column('name')).toEqual(['Carol', 'alice', 'Bob', '']);
  });
});

describe('DataTable row actions and selection', () => {
  it('renders the row actions under their header, each for its own row', async () => {
    const user = userEvent.setup();
    const opened: string[] = [];
    renderTable({
      rowActions: {
        header: 'Details',
        hideHeader: true,
        render: (p) => (
          <button type="button" onClick={() => opened.push(p.id)}>
            Open {p.name}
          </button>
        ),
      },
    });
    expect(header('Details').textContent).toBe('Details');
    await user.click(screen.getByRole('button', { name: 'Open Bob' }));
    expect(opened).toEqual(['p3']);
  });

  function Selectable({ onChange }: { onChange: (ids: string[]) => void }) {
    const [ids, setIds] = useState<string[]>([]);
    return (
      <DataTable
        label="People"
        columns={COLUMNS}
        data={PEOPLE}
        getRowId={(p) => p.id}
        selection={{
          selectedIds: ids,
          rowLabel: (p) => p.name,
          onChange: (next) => {
            onChange(next);
            setIds(next);
          },
        }}
      />
    );
  }

  it('selects rows, reports the ids, and select-all goes indeterminate, all and none', async () => {
    const user = userEvent.setup();
    const reported: string[][] = [];
    render(<Selectable onChange={(ids) => reported.push(ids)} />);
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all rows' });
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(false);

    await user.click(screen.getByRole('checkbox', { name: 'Select Bob' }));
    expect(reported.at(-1)).toEqual(['p3']);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);

    await user.click(all);
    expect([...reported.at(-1)!].sort()).toEqual(['p1', 'p2', 'p3']);
    expect(all.checked).toBe(true);
    expect(all.indeterminate).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select alice' }).checked).toBe(true);

    await user.click(all);
    expect(reported.at(-1)).toEqual([]);
    expect(all.checked).toBe(false);
  });
});

describe('DataTable pagination', () => {
  it('shows one page of rows at a time', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `r${i}`, name: `Row ${i}`, age: i }));
    renderTable({ data: many, pageSize: 10 });
    expect(bodyRows()).toHaveLength(10);
    expect(table().getAttribute('aria-rowcount')).toBe('26');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect(column('name')).toEqual(['Row 20', 'Row 21', 'Row 22', 'Row 23', 'Row 24']);
    expect(bodyRows()[0]!.getAttribute('aria-rowindex')).toBe('22');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true);
  });
});

describe('DataTable virtual scrolling', () => {
  const ROW_HEIGHT = 40;
  const VIEW_HEIGHT = 400;
  withViewport(VIEW_HEIGHT);

  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `v${i}`, name: `Person ${i}`, age: i }));
  const virtual = { rowHeight: ROW_HEIGHT, maxHeight: `${VIEW_HEIGHT}px`, overscan: 5, prefetchRows: 20 };

  function scrollTo(top: number) {
    const scroller = screen.getByTestId('data-table-scroll');
    act(() => {
      scroller.scrollTop = top;
      fireEvent.scroll(scroller);
    });
  }

  it('keeps only the rows in view in the DOM for 100,000 rows', () => {
    renderTable({ data: rows(100_000), virtual });
    expect(table().getAttribute('aria-rowcount')).toBe('100001');
    const first = bodyRows();
    // 10 rows in view plus the overscan.
    expect(first.length).toBeGreaterThan(0);
    expect(first.length).toBeLessThanOrEqual(20);
    expect(first[0]!.getAttribute('aria-rowindex')).toBe('2');

    scrollTo(50_000 * ROW_HEIGHT);
    const middle = bodyRows();
    expect(middle.length).toBeLessThanOrEqual(25);
    expect(column('name')).toContain('Person 50000');
    expect(column('name')).not.toContain('Person 0');
    expect(middle.some((row) => row.getAttribute('aria-rowindex') === '50002')).toBe(true);
  });

  it('asks for more when the window nears the end, not before', () => {
    const onEndReached = vi.fn();
    renderTable({ data: rows(500), virtual, onEndReached, totalRows: 10_000 });
    expect(table().getAttribute('aria-rowcount')).toBe('10001');
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo(200 * ROW_HEIGHT);
    expect(onEndReached).not.toHaveBeenCalled();
    scrollTo((500 - 10) * ROW_HEIGHT);
    expect(onEndReached).toHaveBeenCalled();
  });

  it('asks for more at once when the first page does not fill the window', () => {
    const onEndReached = vi.fn();
    renderTable({ data: rows(5), virtual, onEndReached });
    expect(onEndReached).toHaveBeenCalled();
  });
});
