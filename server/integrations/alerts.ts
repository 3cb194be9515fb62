import type { Db } from '../db/client';
import { insertAlert } from '../alerts/store';

/**
 * Tells the administrators that an endpoint was disabled. Today: an alert in the banner store; the one
 * place to switch when the alerting work routes platform alerts elsewhere.
 */
export async function alertEndpointDisabled(
  db: Db,
  endpoint: { id: string; name: string; url: string | null },
  reason: string,
  at: Date,
): Promise<void> {
  await insertAlert(
    db,
    {
      title: `Webhook endpoint disabled: ${endpoint.name}`.slice(0, 200),
      message:
        `${reason} Deliveries to ${endpoint.url ?? 'the endpoint'} have stopped; enable it again on the Integrations screen once it answers.`.slice(
          0,
          1000,
        ),
      type: 'error',
      priority: 'high',
      category: 'technical',
      metadata: {},
    },
    at,
  );
}
