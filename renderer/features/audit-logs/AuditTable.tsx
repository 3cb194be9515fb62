import { createColumnHelper, tableFeatures, useTable, type Header } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { clsx } from 'clsx';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { AuditLog, AuditSort } from '../../../shared/api/audit';
import type { AuditSorting } from './filters';
import { SEVERITY_STYLES, STATUS_STYLES, formatTimestamp, userLabel } from './format';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AuditLog>();

/** Which columns sort on the server, by which key (part 2 §2: timestamp, user, action). */
const SORTABLE: Partial<Record<string, AuditSort>> = {
  timestamp: 'timestamp',
  user: 'user',
  action: 'action',
};

const columns = helper.columns([
  helper.accessor('timestamp', { header: 'Timestamp' }),
  helper.accessor((log) => userLabel(log), { id: 'user', header: 'User' }),
  helper.accessor('action', { header: 'Action' }),
  helper.accessor('resource', { header: 'Resource' }),
  helper.accessor('status', { header: 'Status' }),
  helper.accessor('severity', { header: 'Severity' }),
  helper.accessor('ipAddress', { header: 'IP Address' }),
]);

const GRID = 'grid grid-cols-[11rem_minmax(10rem,1.4fr)_6rem_minmax(7rem,1fr)_6rem_6rem_8rem_4.5rem]';
const ROW_HEIGHT = 44;
/** Start loading the next page this many rows before the end. */
const PREFETCH_ROWS = 200;

function Badge({ className, children }: { className: string; children: string }) {
  return <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', className)}>{children}</span>;
}

function SortIcon({ active, order }: { active: boolean; order: AuditSorting['order'] }) {
  if (!active) return <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />;
  return order === 'asc' ? (
    <ArrowUp aria-hidden="true" className="size-3.5" />
  ) : (
    <ArrowDown aria-hidden="true" className="size-3.5" />
  );
}

function HeaderCell({
  header,
  sorting,
  onSort,
}: {
  header: Header<typeof features, AuditLog, unknown>;
  sorting: AuditSorting;
  onSort: (column: AuditSort) => void;
}) {
  const title = String(header.column.columnDef.header ?? '');
  const key = SORTABLE[header.column.id];
  if (!key)
    return (
      <div role="columnheader" className="px-3 py-2">
        {title}
      </div>
    );
  const active = sorting.sort === key;
  return (
    <div
      role="columnheader"
      aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      className="px-3 py-2"
    >
      <button
        type="button"
        onClick={() => onSort(key)}
        className="inline-flex items-center gap-1 hover:text-fg"
      >
        {title}
        <SortIcon active={active} order={sorting.order} />
      </button>
    </div>
  );
}

function CellContent({ log, columnId, text }: { log: AuditLog; columnId: string; text: string }) {
  if (columnId === 'status') return <Badge className={STATUS_STYLES[log.status]}>{log.status}</Badge>;
  if (columnId === 'severity') return <Badge className={SEVERITY_STYLES[log.severity]}>{log.severity}</Badge>;
  if (columnId === 'user')
    return (
      <span className="block truncate" title={log.userEmail ?? undefined}>
        {text}
      </span>
    );
  if (columnId === 'timestamp')
    return <span className="block truncate">{formatTimestamp(log.timestamp)}</span>;
  return <span className="block truncate">{text || '—'}</span>;
}

/**
 * The audit table: TanStack Table for the column model, TanStack Virtual for the rows, so only the rows
 * in view are in the DOM whatever the number loaded; the next page loads as the end comes into view.
 */
export function AuditTable({
  logs,
  sorting,
  onSort,
  onOpen,
  hasMore,
  loadMore,
}: {
  logs: AuditLog[];
  sorting: AuditSorting;
  onSort: (column: AuditSort) => void;
  onOpen: (log: AuditLog) => void;
  hasMore: boolean;
  loadMore: () => void;
}) {
  const table = useTable({ features, columns, data: logs, getRowId: (log) => log.id });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  // No React Compiler here (nothing memoizes the virtualizer's functions), so its warning does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;

  useEffect(() => {
    if (hasMore && lastIndex >= rows.length - PREFETCH_ROWS) loadMore();
  }, [hasMore, lastIndex, rows.length, loadMore]);

  return (
    <div
      role="table"
      aria-label="Audit logs"
      aria-rowcount={rows.length + 1}
      className="overflow-x-auto rounded-lg border border-line bg-surface text-sm"
    >
      <div
        role="rowgroup"
        className="min-w-[64rem] border-b border-line bg-surface-muted text-xs font-semibold uppercase tracking-wide text-muted"
      >
        {table.getHeaderGroups().map((group) => (
          <div role="row" key={group.id} className={GRID}>
            {group.headers.map((header) => (
              <HeaderCell key={header.id} header={header} sorting={sorting} onSort={onSort} />
            ))}
            <div role="columnheader" className="px-3 py-2">
              <span className="sr-only">Details</span>
            </div>
          </div>
        ))}
      </div>
      <div ref={scrollRef} data-testid="audit-scroll" className="max-h-[60vh] min-w-[64rem] overflow-y-auto">
        <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const log = row.original;
            return (
              <div
                role="row"
                key={row.id}
                aria-rowindex={item.index + 2}
                data-index={item.index}
                className={clsx(
                  GRID,
                  'absolute inset-x-0 items-center border-b border-line hover:bg-surface-muted',
                )}
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                {row.getAllCells().map((cell) => (
                  <div
                    role="cell"
                    key={cell.id}
                    data-column={cell.column.id}
                    className="min-w-0 px-3 text-fg"
                  >
                    <CellContent
                      log={log}
                      columnId={cell.column.id}
                      text={String(cell.renderValue() ?? '')}
                    />
                  </div>
                ))}
                <div role="cell" className="px-3">
                  <button
                    type="button"
                    onClick={() => onOpen(log)}
                    aria-label={`Details of ${log.action} ${log.resource} by ${userLabel(log)}`}
                    className="text-xs font-medium text-accent hover:underline"
                  >
                    View
                  </button>
                </div>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
