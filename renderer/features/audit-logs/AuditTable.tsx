import { clsx } from 'clsx';
import { useMemo } from 'react';
import type { AuditLog } from '../../../shared/api/audit';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { fromSortState, toSortState, type AuditSorting } from './filters';
import { SEVERITY_STYLES, STATUS_STYLES, formatTimestamp, userLabel } from './format';
import { AUDIT_TEXTS } from './texts';

const TEXTS = AUDIT_TEXTS.table;

const VIRTUAL = { rowHeight: 44, maxHeight: '60vh', overscan: 10, prefetchRows: 200 };

function Badge({ className, children }: { className: string; children: string }) {
  return <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium', className)}>{children}</span>;
}

const truncated = (text: string, title?: string) => (
  <span className="block truncate" title={title}>
    {text || '—'}
  </span>
);

/** Part 2 §2: timestamp, user and action sort, on the server (AUDIT_SORTS). */
const COLUMNS: DataColumn<AuditLog>[] = [
  {
    id: 'timestamp',
    header: TEXTS.columns.timestamp,
    width: '11rem',
    sortable: true,
    cell: (log) => truncated(formatTimestamp(log.timestamp)),
  },
  {
    id: 'user',
    header: TEXTS.columns.user,
    width: 'minmax(10rem,1.4fr)',
    sortable: true,
    cell: (log) => truncated(userLabel(log), log.userEmail ?? undefined),
  },
  {
    id: 'action',
    header: TEXTS.columns.action,
    width: '6rem',
    sortable: true,
    cell: (log) => truncated(log.action),
  },
  {
    id: 'resource',
    header: TEXTS.columns.resource,
    width: 'minmax(7rem,1fr)',
    cell: (log) => truncated(log.resource),
  },
  {
    id: 'status',
    header: TEXTS.columns.status,
    width: '6rem',
    cell: (log) => <Badge className={STATUS_STYLES[log.status]}>{log.status}</Badge>,
  },
  {
    id: 'severity',
    header: TEXTS.columns.severity,
    width: '6rem',
    cell: (log) => <Badge className={SEVERITY_STYLES[log.severity]}>{log.severity}</Badge>,
  },
  {
    id: 'ipAddress',
    header: TEXTS.columns.ipAddress,
    width: '8rem',
    cell: (log) => truncated(log.ipAddress ?? ''),
  },
];

/**
 * The audit table on the one DataTable: sorted on the server (the table only reports the sort), virtual rows,
 * and the next page asked for as the end comes into view.
 */
export function AuditTable({
  logs,
  sorting,
  onSortingChange,
  onOpen,
  loadMore,
  loading,
  error,
  onRetry,
}: {
  logs: AuditLog[];
  sorting: AuditSorting;
  onSortingChange: (sorting: AuditSorting) => void;
  onOpen: (log: AuditLog) => void;
  loadMore: () => void;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  const rowActions = useMemo(
    () => ({
      header: TEXTS.details,
      hideHeader: true,
      width: '4.5rem',
      render: (log: AuditLog) => (
        <button
          type="button"
          onClick={() => onOpen(log)}
          aria-label={TEXTS.viewName(log.action, log.resource, userLabel(log))}
          className="text-xs font-medium text-accent hover:underline"
        >
          {TEXTS.view}
        </button>
      ),
    }),
    [onOpen],
  );
  return (
    <DataTable
      label={TEXTS.name}
      columns={COLUMNS}
      data={logs}
      getRowId={(log) => log.id}
      manualSorting
      sort={toSortState(sorting)}
      onSortChange={(next) => {
        const server = fromSortState(next);
        if (server) onSortingChange(server);
      }}
      rowActions={rowActions}
      virtual={VIRTUAL}
      onEndReached={loadMore}
      loading={loading}
      loadingLabel={TEXTS.loading}
      error={error}
      onRetry={onRetry}
      empty={TEXTS.empty}
      minWidth="64rem"
      className="rounded-lg border border-line bg-surface"
    />
  );
}
