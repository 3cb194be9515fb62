import { fireAlert } from '../alerts/lifecycle';
import type { Db } from '../db/client';

/**
 * Tells the administrators that an endpoint was disabled: a platform alert of the one alert model (banner,
 * bell, tray, Alert Management). Not announced as an `alert.fired` webhook event: the endpoints are what
 * failed.
 */
export async function alertEndpointDisabled(
  db: Db,
  endpoint: { id: string; name: string; url: string | null },
  reason: string,
  at: Date,
): Promise<void> {
  await db.transaction((tx) =>
    fireAlert(
      tx,
      {
        title: `Webhook endpoint disabled: ${endpoint.name}`.slice(0, 200),
        description:
          `${reason} Deliveries to ${endpoint.url ?? 'the endpoint'} have stopped; enable it again on the Integrations screen once it answers.`.slice(
            0,
            1000,
          ),
        severity: 'high',
        category: 'technical',
        source: 'integrations',
        tags: ['webhook'],
        ruleId: null,
        labels: { integrationId: endpoint.id },
      },
      at,
    ),
  );
}
