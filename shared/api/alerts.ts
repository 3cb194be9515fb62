import { streamedAlert } from '../alerts';
import { defineEndpoint } from './endpoint';

/**
 * The alert banner's event stream (part 1 §2) on Client B's gateway: Server-Sent Events, each event's
 * data one alert. On connect the newest alerts are replayed as `recent` events (after `Last-Event-ID`
 * when the client sends one), then each new alert comes as an `alert` event. Event ids are the alerts'
 * sequence numbers.
 */
export const alertEndpoints = {
  stream: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/alerts/stream',
    summary: 'Banner alerts as Server-Sent Events: the newest replayed, then each new one',
    data: streamedAlert,
    auth: 'token',
    permission: 'alerts.read',
    stream: 'sse',
  }),
} as const;
