import {
  functionalUpdate,
  useTable,
  type ColumnDef,
  type RowData,
  type RowSelectionState,
} from '@tanstack/react-table';
import { clsx } from 'clsx';
import { useMemo, useState, type ReactNode } from 'react';
import { BodyRow } from './data-table/BodyRow';
import { features, gridStyle, type Features } from './data-table/features';
import { HeaderRow } from './data-table/HeaderRow';
import { Pager } from './data-table/Pager';
import { EmptyRow, ErrorRow, LoadingRow } from './data-table/StatusRow';
import type { DataColumn, RowActions, RowSelection, SortState, VirtualOptions } from './data-table/types';
import { VirtualBody } from './data-table/VirtualBody';

export type { DataColumn, RowActions, RowSelection, SortState, VirtualOptions } from './data-table/types';

export interface DataTableProps<T extends RowData> {
  /** Names the table for assistive technology. */
  label: string;
  /** Declared once (module level or memoized): a new array rebuilds the table's model. */
  columns: readonly DataColumn<T>[];
  data: readonly T[];
  getRowId: (row: T) => string;
  /** Controlled sort; without it the table keeps its own, starting at `initialSort`. */
  sort?: SortState | null;
  onSortChange?: (sort: SortState) => void;
  initialSort?: SortState;
  /** The rows come sorted (the server sorts): the table only reports the sort. */
  manualSorting?: boolean;
  rowActions?: RowActions<T>;
  selection?: RowSelection<T>;
  /** Shown in the body when there are no rows and nothing is loading or failed. */
  empty?: ReactNode;
  loading?: boolean;
  loadingLabel?: string;
  /** The message of a failed load, shown in the body with Retry when `onRetry` is given. */
  error?: string | null;
  onRetry?: () => void;
  /** Either virtual scrolling (with infinite loading) or pages of `pageSize` rows; neither renders all rows. */
  virtual?: VirtualOptions;
  onEndReached?: () => void;
  pageSize?: number;
  /** All rows there are, when more than the loaded ones (aria-rowcount of a virtual or paged table). */
  totalRows?: number;
  /** Below this width the table scrolls sideways. */
  minWidth?: string;
  /**
   * Names the sideways-scrolling box and makes it a stop of the tab order (issue 17), for a table wide
   * enough to scroll at common window widths: a keyboard user can then scroll it with the arrow keys.
   */
  scrollLabel?: string;
  className?: string;
}

const DEFAULT_TRACK = 'minmax(0,1fr)';

function toColumnDefs<T extends RowData>(
  columns: readonly DataColumn<T>[],
): ColumnDef<Features, T, unknown>[] {
  return columns.map((column) => {
    const value = column.sortValue;
    return {
      id: column.id,
      // An accessor makes a column sortable for TanStack; a server-sorted column needs no real value.
      accessorFn: value ?? (() => null),
      enableSorting: Boolean(value ?? column.sortable),
      ...(value
        ? {
            sortFn: (a, b) => {
              const [x, y] = [value(a.original), value(b.original)];
              return typeof x === 'number' && typeof y === 'number'
                ? x - y
                : String(x).localeCompare(String(y));
            },
          }
        : {}),
    } satisfies ColumnDef<Features, T, unknown>;
  });
}

/**
 * The console's one table (issue 10 §5): TanStack Table for the model (sorting by the spec's rule, selection,
 * pages), TanStack Virtual for long lists, ARIA table roles on a CSS grid so both share one markup.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { columns, data, selection, rowActions, virtual, pageSize } = props;
  const [ownSort, setOwnSort] = useState<SortState | null>(props.initialSort ?? null);
  const sort = props.sort === undefined ? ownSort : props.sort;
  // Stable state objects: TanStack recomputes (and goes back to page 1) when one changes identity.
  const sortId = sort?.id;
  const sortDesc = sort?.desc;
  const sorting = useMemo(
    () => (sortId === undefined ? [] : [{ id: sortId, desc: Boolean(sortDesc) }]),
    [sortId, sortDesc],
  );
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries((selection?.selectedIds ?? []).map((id) => [id, true])),
    [selection?.selectedIds],
  );
  const columnDefs = useMemo(() => toColumnDefs(columns), [columns]);

  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (row) => props.getRowId(row),
    state: { sorting, rowSelection },
    // Part 2 §2: a new column sorts ascending first, the same column toggles, and a sort is never removed.
    sortDescFirst: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    manualSorting: props.manualSorting ?? false,
    onSortingChange: (updater) => {
      const next = functionalUpdate(updater, sorting)[0];
      if (!next) return;
      if (props.sort === undefined) setOwnSort(next);
      props.onSortChange?.(next);
    },
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: (updater) => {
      const next = functionalUpdate(updater, rowSelection);
      selection?.onChange(Object.keys(next).filter((id) => next[id]));
    },
    manualPagination: !pageSize,
    initialState: { pagination: { pageIndex: 0, pageSize: pageSize ?? 10 } },
  });
  const rows = table.getRowModel().rows;
  const firstIndex = pageSize ? (table.atoms.pagination?.get().pageIndex ?? 0) * pageSize : 0;

  const template = [
    ...(selection ? ['2.75rem'] : []),
    ...columns.map((column) => column.width ?? DEFAULT_TRACK),
    ...(rowActions ? [rowActions.width ?? DEFAULT_TRACK] : []),
  ].join(' ');
  const grid = gridStyle(template);

  const status = props.error ? (
    <ErrorRow message={props.error} onRetry={props.onRetry} />
  ) : props.loading ? (
    <LoadingRow label={props.loadingLabel ?? 'Loading…'} />
  ) : data.length === 0 && props.empty ? (
    <EmptyRow>{props.empty}</EmptyRow>
  ) : null;

  return (
    <div
      className={clsx('overflow-x-auto text-sm', props.className)}
      {...(props.scrollLabel ? { role: 'region', 'aria-label': props.scrollLabel, tabIndex: 0 } : {})}
    >
      <div
        role="table"
        aria-label={props.label}
        // Only some rows are in the DOM when virtual or paged: say how many there are, the header included.
        aria-rowcount={virtual || pageSize ? (props.totalRows ?? data.length) + 1 : undefined}
        style={{ minWidth: props.minWidth }}
      >
        <div
          role="rowgroup"
          className="border-b border-line text-xs font-medium tracking-wide text-muted uppercase"
        >
          <HeaderRow
            table={table}
            columns={columns}
            actions={rowActions}
            selectable={Boolean(selection)}
            style={grid}
          />
        </div>
        {virtual ? (
          <VirtualBody
            rows={rows}
            columns={columns}
            actions={rowActions}
            selection={selection}
            grid={grid}
            virtual={virtual}
            onEndReached={props.onEndReached}
            status={status}
          />
        ) : (
          <div role="rowgroup">
            {rows.map((row, index) => (
              <BodyRow
                key={row.id}
                row={row}
                rowIndex={pageSize ? firstIndex + index + 2 : undefined}
                columns={columns}
                actions={rowActions}
                selection={selection}
                style={grid}
              />
            ))}
            {status}
          </div>
        )}
      </div>
      {pageSize && !virtual ? <Pager table={table} /> : null}
    </div>
  );
}
