import { useVirtualizer } from '@tanstack/react-virtual';
import type { RowData } from '@tanstack/react-table';
import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { BodyRow } from './BodyRow';
import type { TableRow } from './features';
import type { DataColumn, RowActions, RowSelection, VirtualOptions } from './types';

const DEFAULT_PREFETCH_ROWS = 50;

/**
 * The body as a window over the rows: TanStack Virtual keeps only the rows in view (and an overscan)
 * in the DOM, each placed by transform, so 100,000 rows cost what 30 do. When the window nears the
 * end, `onEndReached` asks for the next page.
 */
export function VirtualBody<T extends RowData>({
  rows,
  columns,
  actions,
  selection,
  grid,
  virtual,
  onEndReached,
  status,
}: {
  rows: TableRow<T>[];
  columns: readonly DataColumn<T>[];
  actions: RowActions<T> | undefined;
  selection: RowSelection<T> | undefined;
  grid: CSSProperties;
  virtual: VirtualOptions;
  onEndReached: (() => void) | undefined;
  /** The loading, error or empty row, after the data rows. */
  status: ReactNode;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler here (nothing memoizes the virtualizer's functions), so its warning does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => virtual.rowHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: virtual.overscan ?? 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  const prefetch = virtual.prefetchRows ?? DEFAULT_PREFETCH_ROWS;

  useEffect(() => {
    if (onEndReached && rows.length > 0 && lastIndex >= rows.length - prefetch) onEndReached();
  }, [onEndReached, lastIndex, rows.length, prefetch]);

  return (
    <div
      ref={scrollRef}
      data-testid="data-table-scroll"
      className="overflow-y-auto"
      style={{ maxHeight: virtual.maxHeight }}
    >
      <div role="rowgroup">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <BodyRow
                key={row.id}
                row={row}
                columns={columns}
                actions={actions}
                selection={selection}
                rowIndex={item.index + 2}
                className="absolute inset-x-0 top-0"
                style={{ ...grid, height: virtual.rowHeight, transform: `translateY(${item.start}px)` }}
              />
            );
          })}
        </div>
        {status}
      </div>
    </div>
  );
}
