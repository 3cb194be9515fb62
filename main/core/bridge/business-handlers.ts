import { businessEndpoints } from '../../../shared/api/business';
import type { GatewayClient } from '../clients/gateway-client';
import type { Handlers } from './handlers';

type BusinessChannel = 'business:dashboard' | 'cost:overview';

/**
 * The business channels (issue 6) where main combines or chooses calls, all on Client B; a failed answer
 * reaches the user with its text and code. The single calls (health, spend, cost import) are forwarded.
 */
export function createBusinessHandlers(
  gateway: Pick<GatewayClient, 'call'>,
): Pick<Handlers, BusinessChannel> {
  const fetch = gateway.call;
  const api = businessEndpoints;

  return {
    'business:dashboard': async ({ scope, period }) =>
      fetch(scope === 'platform' ? api.platformDashboard : api.organizationDashboard, { query: { period } }),

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
  };
}
