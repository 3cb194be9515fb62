import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useRef, type CSSProperties } from 'react';
import type { RowData } from '@tanstack/react-table';
import type { DataTableInstance } from './features';
import type { DataColumn, RowActions } from './types';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

function SortIcon({ direction }: { direction: false | 'asc' | 'desc' }) {
  if (!direction) return <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />;
  return direction === 'asc' ? (
    <ArrowUp aria-hidden="true" className="size-3.5" />
  ) : (
    <ArrowDown aria-hidden="true" className="size-3.5" />
  );
}

/** Select all (the loaded rows): checked, unchecked, or indeterminate when some are. */
function SelectAll<T extends RowData>({ table }: { table: DataTableInstance<T> }) {
  const ref = useRef<HTMLInputElement>(null);
  const all = table.getIsAllRowsSelected();
  const some = table.getIsSomeRowsSelected();
  useEffect(() => {
    // indeterminate is a DOM property only, no attribute.
    if (ref.current) ref.current.indeterminate = some && !all;
  }, [some, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select all rows"
      checked={all}
      onChange={() => table.toggleAllRowsSelected(!all)}
      className="size-4 accent-accent"
    />
  );
}

const headerText = (text: string, hidden: boolean | undefined) =>
  hidden ? <span className="sr-only">{text}</span> : text;

/**
 * The header row. A sortable header is a button (focusable, Enter and Space by nature) inside the
 * columnheader that carries aria-sort; TanStack applies the rule (first click ascending, then toggles).
 */
export function HeaderRow<T extends RowData>({
  table,
  columns,
  actions,
  selectable,
  style,
}: {
  table: DataTableInstance<T>;
  columns: readonly DataColumn<T>[];
  actions: RowActions<T> | undefined;
  selectable: boolean;
  style: CSSProperties;
}) {
  return (
    <div role="row" style={style} aria-rowindex={1}>
      {selectable ? (
        <div role="columnheader" className="flex items-center px-3 py-2">
          <SelectAll table={table} />
        </div>
      ) : null}
      {columns.map((column) => {
        const state = table.getColumn(column.id);
        const align = clsx('px-3 py-2', column.numeric && 'text-right');
        if (!state?.getCanSort())
          return (
            <div role="columnheader" key={column.id} className={align}>
              {headerText(column.header, column.hideHeader)}
            </div>
          );
        const direction = state.getIsSorted();
        return (
          <div
            role="columnheader"
            key={column.id}
            aria-sort={direction ? ARIA_SORT[direction] : 'none'}
            className={align}
          >
            <button
              type="button"
              onClick={() => state.toggleSorting()}
              className={clsx(
                'inline-flex items-center gap-1 uppercase hover:text-fg',
                column.numeric && 'flex-row-reverse',
              )}
            >
              {headerText(column.header, column.hideHeader)}
              <SortIcon direction={direction} />
            </button>
          </div>
        );
      })}
      {actions ? (
        <div role="columnheader" className="px-3 py-2">
          {headerText(actions.header, actions.hideHeader)}
        </div>
      ) : null}
    </div>
  );
}
