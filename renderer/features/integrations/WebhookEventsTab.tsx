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

const COLUMNS: readonly DataColumn<WebhookDelivery>[] = [
  { id: 'event', header: 'Event', cell: (d) => d.event },
  { id: 'endpoint', header: 'Endpoint', cell: (d) => d.integrationName },
  { id: 'timestamp', header: 'Timestamp', cell: (d) => formatDateTime(d.timestamp) },
  {
    id: 'status',
    header: 'Status',
    cell: (d) => <StatusBadge tone={EVENT_TONE[d.status]}>{capitalize(d.status)}</StatusBadge>,
  },
  { id: 'retries', header: 'Retries', cell: (d) => d.retries, width: '6rem' },
  {
    id: 'response',
    header: 'Response',
    cell: (d) => (
      <>
        {d.responseStatus ?? '—'}
        {d.responseTimeMs !== null && ` · ${d.responseTimeMs} ms`}
        {d.error && <div className="text-xs text-muted">{d.error}</div>}
      </>
    ),
  },
  {
    id: 'payload',
    header: 'Payload',
    cell: (d) => (
      <details>
        <summary className="cursor-pointer">View</summary>
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
    return (
      <LoadingState
        label="Loading webhook events"
        error={deliveries.error}
        fallback="Failed to load webhook events"
      />
    );
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-end gap-3">
        <InlineError
          message={replay.error ? errorMessage(replay.error, 'Replaying the event failed') : null}
        />
        <Button
          aria-label="Refresh webhook events"
          onClick={() => void deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          Refresh
        </Button>
      </div>
      <div className="rounded-lg border border-line bg-surface">
        <DataTable
          label="Webhook events"
          columns={COLUMNS}
          data={deliveries.data.deliveries}
          getRowId={(d) => d.id}
          empty="No webhook events yet."
          minWidth="60rem"
          rowActions={{
            header: 'Actions',
            hideHeader: true,
            width: '7rem',
            render: (d) => (
              <Button
                onClick={() => replay.mutate(d.id)}
                disabled={replay.isPending}
                aria-label={`Replay ${d.event} to ${d.integrationName}`}
              >
                Replay
              </Button>
            ),
          }}
        />
      </div>
    </div>
  );
}
