import type { WebhookDelivery } from '../../../shared/api/integrations';
import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { DataTable, type DataColumn } from '../../components/ui/DataTable';
import { LoadingState } from '../../components/ui/LoadingState';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useReplayDelivery } from './mutations';
import { useDeliveries } from './queries';
import { EVENT_TONE, capitalize } from './rules';
import { INTEGRATION_TEXTS } from './texts';

const TEXTS = INTEGRATION_TEXTS.events;

const COLUMNS: readonly DataColumn<WebhookDelivery>[] = [
  { id: 'event', header: TEXTS.columns.event, cell: (d) => d.event },
  { id: 'endpoint', header: TEXTS.columns.endpoint, cell: (d) => d.integrationName },
  { id: 'timestamp', header: TEXTS.columns.timestamp, cell: (d) => formatDateTime(d.timestamp) },
  {
    id: 'status',
    header: TEXTS.columns.status,
    cell: (d) => <StatusBadge tone={EVENT_TONE[d.status]}>{capitalize(d.status)}</StatusBadge>,
  },
  { id: 'retries', header: TEXTS.columns.retries, cell: (d) => d.retries, width: '6rem' },
  {
    id: 'response',
    header: TEXTS.columns.response,
    cell: (d) => (
      <>
        {d.responseStatus ?? '—'}
        {d.responseTimeMs !== null && TEXTS.responseTime(d.responseTimeMs)}
        {d.error && <div className="text-xs text-muted">{d.error}</div>}
      </>
    ),
  },
  {
    id: 'payload',
    header: TEXTS.columns.payload,
    cell: (d) => (
      <details>
        <summary className="cursor-pointer">{TEXTS.view}</summary>
        <pre className="mt-1 max-w-md overflow-x-auto text-xs">{JSON.stringify(d.payload, null, 2)}</pre>
      </details>
    ),
  },
];

/** Part 2 §9's webhook events: each delivery with its status, retries, payload and the endpoint's answer. */
export function WebhookEventsTab() {
  const deliveries = useDeliveries();
  const replay = useReplayDelivery();
  if (!deliveries.data)
    return <LoadingState label={TEXTS.loading} error={deliveries.error} fallback={TEXTS.loadFailed} />;
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-end gap-3">
        <InlineError message={replay.error ? errorMessage(replay.error, TEXTS.replayFailed) : null} />
        <Button
          aria-label={TEXTS.refreshName}
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          {TEXTS.refresh}
        </Button>
      </div>
      <div className="rounded-lg border border-line bg-surface">
        <DataTable
          label={TEXTS.table}
          columns={COLUMNS}
          data={deliveries.data.deliveries}
          getRowId={(d) => d.id}
          empty={TEXTS.empty}
          minWidth="60rem"
          rowActions={{
            header: INTEGRATION_TEXTS.actions,
            hideHeader: true,
            width: '7rem',
            render: (d) => (
              <Button
                onClick={() => replay.mutate(d.id)}
                disabled={replay.isPending}
                aria-label={TEXTS.replayName(d.event, d.integrationName)}
              >
                {TEXTS.replay}
              </Button>
            ),
          }}
        />
      </div>
    </div>
  );
}
