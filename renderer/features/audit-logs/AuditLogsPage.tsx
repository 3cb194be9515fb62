import { Download, ShieldCheck } from 'lucide-react';
import { InlineError } from '../../components/ui/Card';
import { useCallback, useMemo, useState } from 'react';
import type { AuditLog } from '../../../shared/api/audit';
import { Button } from '../../components/ui/Button';
import { PageHeader } from '../../components/ui/PageHeader';
import { Spinner } from '../../components/ui/Spinner';
import { errorMessage } from '../../lib/errors';
import { routeTitle } from '../../lib/navigation';
import { AuditDetailsModal } from './AuditDetailsModal';
import { AuditFilters } from './AuditFilters';
import { AuditTable } from './AuditTable';
import { DEFAULT_SORTING, NO_FILTERS, toQuery, type AuditFilterState } from './filters';
import { IntegrityPanel } from './IntegrityPanel';
import { useExportAuditLogs, useSaveProgress } from './mutations';
import { useAuditMatching, useAuditPages, useAuditTotal, useAuditVerification } from './queries';
import { useDebounced } from './useDebounced';
import { formatNumber } from '../../lib/format';
import { AUDIT_TEXTS } from './texts';

const EMPTY: AuditLog[] = [];
const SEARCH_DEBOUNCE_MS = 250;

const countText = (n: number | undefined) => (n === undefined ? AUDIT_TEXTS.pending : formatNumber(n));

function Loading({ label }: { label: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted">
      <Spinner />
      {label}
    </p>
  );
}

function ExportProgress() {
  const progress = useSaveProgress();
  if (!progress) return null;
  return (
    <p role="status" className="text-xs text-muted">
      {AUDIT_TEXTS.saving(
        progress.fileName,
        (progress.bytes / 1024).toFixed(0),
        progress.rows !== null ? formatNumber(progress.rows) : null,
      )}
    </p>
  );
}

/** /audit-logs (part 2 §2): the trail searched, filtered and sorted on the server, verified, exported. */
export function AuditLogsPage() {
  const [filters, setFilters] = useState<AuditFilterState>(NO_FILTERS);
  const [sorting, setSorting] = useState(DEFAULT_SORTING);
  const [selected, setSelected] = useState<AuditLog | null>(null);
  // Dropdowns apply at once; the search once typing pauses.
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => toQuery({ ...filters, search }, sorting), [filters, search, sorting]);
  const pages = useAuditPages(query);
  const total = useAuditTotal();
  const matching = useAuditMatching(query);
  const verification = useAuditVerification();
  const exporter = useExportAuditLogs();

  const logs = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? EMPTY, [pages.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="space-y-6">
      <PageHeader
        title={routeTitle('/audit-logs')}
        description={AUDIT_TEXTS.description}
        actions={
          <>
            <Button onClick={() => void verification.refetch()} disabled={verification.isFetching}>
              <ShieldCheck aria-hidden="true" className="size-4" />
              {AUDIT_TEXTS.verifyIntegrity}
            </Button>
            <Button
              variant="primary"
              onClick={() => exporter.mutate({ query, format: 'csv' })}
              disabled={exporter.isPending}
            >
              <Download aria-hidden="true" className="size-4" />
              {AUDIT_TEXTS.exportLogs}
            </Button>
          </>
        }
      />
      <ExportProgress />
      <InlineError
        message={exporter.isError ? errorMessage(exporter.error, AUDIT_TEXTS.exportFailed) : null}
      />
      {verification.isFetching ? <Loading label={AUDIT_TEXTS.verifying} /> : null}
      {verification.data && !verification.isFetching ? <IntegrityPanel result={verification.data} /> : null}
      <InlineError
        message={verification.isError ? errorMessage(verification.error, AUDIT_TEXTS.verifyFailed) : null}
      />

      <AuditFilters filters={filters} onChange={setFilters} />
      <p className="text-sm text-muted" data-testid="audit-count">
        {AUDIT_TEXTS.showing(countText(matching.data), countText(total.data))}
      </p>

      <AuditTable
        logs={logs}
        sorting={sorting}
        onSortingChange={setSorting}
        onOpen={setSelected}
        loadMore={loadMore}
        loading={pages.isPending || isFetchingNextPage}
        error={pages.isError ? errorMessage(pages.error, AUDIT_TEXTS.loadError) : null}
        onRetry={() => void pages.refetch()}
      />
      <AuditDetailsModal log={selected} onClose={() => setSelected(null)} />
    </div>
  );
}
