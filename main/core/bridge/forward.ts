import { ENDPOINTS, type Endpoint } from '../../../shared/api';
import { FORWARDED, type ForwardedChannel } from '../../../shared/bridge/forwarded';
import type { GatewayClient } from '../clients/gateway-client';
import type { RequestInput } from '../clients/http';
import type { OrganizationClient } from '../clients/organization-client';
import type { Handler, Handlers } from './handlers';

export interface ForwardDeps {
  gateway: Pick<GatewayClient, 'call'>;
  organizations: Pick<OrganizationClient, 'request'>;
}

/**
 * The one handler of every forwarded channel: the endpoint's call through its client (Client A for
 * 'organizations', Client B for 'gateway'), with the input the dispatcher checked against the endpoint's
 * own schemas. Both clients throw on failure (Client B's `{success: false}` included), so the dispatcher
 * answers every refusal with its code and status the same way.
 */
export function createForwardedHandlers(deps: ForwardDeps): Pick<Handlers, ForwardedChannel> {
  const forward = async (channel: ForwardedChannel, input: RequestInput | undefined): Promise<unknown> => {
    const endpoint: Endpoint = ENDPOINTS[channel];
    const parts = input ?? {};
    return endpoint.client === 'organizations'
      ? deps.organizations.request(endpoint, parts)
      : deps.gateway.call(endpoint, parts);
  };
  const handlers: Partial<Record<ForwardedChannel, Handler<ForwardedChannel>>> = {};
  for (const channel of FORWARDED) {
    // The answer is checked against the endpoint's data schema twice: by the client, then by the dispatcher.
    handlers[channel] = (input) => forward(channel, input as RequestInput | undefined) as never;
  }
  return handlers as Pick<Handlers, ForwardedChannel>;
}
