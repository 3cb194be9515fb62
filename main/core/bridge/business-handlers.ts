import { businessEndpoints } from '../../../shared/api/business';
import type { Endpoint, EndpointData } from '../../../shared/api/endpoint';
import type { GatewayClient } from '../clients/gateway-client';
import type { RequestInput } from '../clients/http';
import { BridgeFailure } from './failure';
import type { Handlers } from './handlers';

type BusinessChannel =
  | 'business:dashboard'
  | 'business:health'
  | 'business:spend'
  | 'business:setSpend'
  | 'cost:overview'
  | 'cost:import';

/** The business channels (issue 6), all on Client B; a failed answer reaches the user with its text. */
export function createBusinessHandlers(gateway: GatewayClient): Pick<Handlers, BusinessChannel> {
  async function fetch<E extends Endpoint>(endpoint: E, input?: RequestInput): Promise<EndpointData<E>> {
    const result = await gateway.request(endpoint, input);
    if (!result.success) throw new BridgeFailure('FAILED', result.error);
    return result.data;
  }
  const api = businessEndpoints;

  return {
    'business:dashboard': async ({ scope, period }) =>
      fetch(scope === 'platform' ? api.platformDashboard : api.organizationDashboard, { query: { period } }),

    'business:health': async () => fetch(api.serverHealth),

    'business:spend': async () => fetch(api.listSpend),

    'business:setSpend': async ({ month, amount }) =>
      fetch(api.setSpend, { params: { month }, body: { amount } }),

    'cost:overview': async ({ period }) => {
      const query = { query: { period } };
      const [trend, breakdown, recommendations, budgets, score] = await Promise.all([
        fetch(api.costTrend, query),
        fetch(api.costBreakdown, query),
        fetch(api.costRecommendations, query),
        fetch(api.costBudgets),
        fetch(api.costScore, query),
      ]);
      return { trend, breakdown, recommendations, budgets, score };
    },

    'cost:import': async ({ csv }) => fetch(api.importCosts, { body: { csv } }),
  };
}
