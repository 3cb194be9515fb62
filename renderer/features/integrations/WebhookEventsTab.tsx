import { Button } from '../../components/ui/Button';
import { InlineError } from '../../components/ui/Card';
import { LoadingState } from '../../components/ui/LoadingState';
import { StatusBadge } from '../../components/ui/StatusBadge';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useReplayDelivery } from './mutations';
import { useDeliveries } from './queries';
import { EVENT_TONE, capitalize } from './rules';

const TH = 'px-3 py-2 text-left text-xs font-medium tracking-wide text-muted uppercase';
const TD = 'px-3 py-2 align-top text-sm text-fg';

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
      <div className="overflow-x-auto rounded-lg border border-line bg-surface">
        <table className="min-w-full divide-y divide-line">
          <caption className="sr-only">Webhook events</caption>
          <thead>
            <tr>
              <th className={TH}>Event</th>
              <th className={TH}>Endpoint</th>
              <th className={TH}>Timestamp</th>
              <th className={TH}>Status</th>
              <th className={TH}>Retries</th>
              <th className={TH}>Response</th>
              <th className={TH}>Payload</th>
              <th className={TH}>
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {deliveries.data.deliveries.length === 0 && (
              <tr>
                <td className={TD} colSpan={8}>
                  No webhook events yet.
                </td>
              </tr>
            )}
            {deliveries.data.deliveries.map((d) => (
              <tr key={d.id}>
                <td className={TD}>{d.event}</td>
                <td className={TD}>{d.integrationName}</td>
                <td className={TD}>{formatDateTime(d.timestamp)}</td>
                <td className={TD}>
                  <StatusBadge tone={EVENT_TONE[d.status]}>{capitalize(d.status)}</StatusBadge>
                </td>
                <td className={TD}>{d.retries}</td>
                <td className={TD}>
                  {d.responseStatus ?? '—'}
                  {d.responseTimeMs !== null && ` · ${d.responseTimeMs} ms`}
                  {d.error && <div className="text-xs text-muted">{d.error}</div>}
                </td>
                <td className={TD}>
                  <details>
                    <summary className="cursor-pointer">View</summary>
                    <pre className="mt-1 max-w-md overflow-x-auto text-xs">
                      {JSON.stringify(d.payload, null, 2)}
                    </pre>
                  </details>
                </td>
                <td className={TD}>
                  <Button
                    onClick={() => replay.mutate(d.id)}
                    disabled={replay.isPending}
                    aria-label={`Replay ${d.event} to ${d.integrationName}`}
                  >
                    Replay
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
