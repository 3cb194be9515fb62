import { clsx } from 'clsx';
import type { CSSProperties } from 'react';
import type { RowData } from '@tanstack/react-table';
import type { TableRow } from './features';
import type { DataColumn, RowActions, RowSelection } from './types';

/** One data row: the selection checkbox, the columns' cells (data-column names each), the actions. */
export function BodyRow<T extends RowData>({
  row,
  columns,
  actions,
  selection,
  style,
  className,
  rowIndex,
}: {
  row: TableRow<T>;
  columns: readonly DataColumn<T>[];
  actions: RowActions<T> | undefined;
  selection: RowSelection<T> | undefined;
  style: CSSProperties;
  className?: string;
  /** aria-rowindex, for virtual rows (1 is the header). */
  rowIndex?: number;
}) {
  const item = row.original;
  const selected = row.getIsSelected();
  return (
    <div
      role="row"
      aria-rowindex={rowIndex}
      style={style}
      className={clsx(
        'items-center border-b border-line hover:bg-surface-muted',
        selected && 'bg-surface-muted',
        className,
      )}
    >
      {selection ? (
        <div role="cell" className="flex items-center px-3">
          <input
            type="checkbox"
            aria-label={`Select ${selection.rowLabel(item)}`}
            checked={selected}
            onChange={() => row.toggleSelected(!selected)}
            className="size-4 accent-accent"
          />
        </div>
      ) : null}
      {columns.map((column) => (
        <div
          role={column.rowHeader ? 'rowheader' : 'cell'}
          key={column.id}
          data-column={column.id}
          className={clsx(
            'min-w-0 px-3 py-2 text-fg',
            column.numeric && 'text-right tabular-nums',
            column.rowHeader && 'font-medium',
            column.className,
          )}
        >
          {column.cell(item)}
        </div>
      ))}
      {actions ? (
        <div role="cell" className="min-w-0 px-3 py-2">
          {actions.render(item)}
        </div>
      ) : null}
    </div>
  );
}
