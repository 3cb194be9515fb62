import { usageEndpoints } from '../../shared/api/usage';
import type { ServerContext } from '../context';
import { recordUsage, userAnalytics } from './store';
import type { Route } from '../http/router';

/** Console usage (issue 11): the console's events in, User Analytics out. */
export function registerUsageRoutes(route: Route, ctx: ServerContext): void {
  // Attributed to the token's user only: the body names no user.
  route(usageEndpoints.recordEvents, async ({ body, session }) => ({
    stored: await recordUsage(ctx.db, session().userId, body, ctx.config.now()),
  }));

  route(usageEndpoints.analytics, async ({ query }) => userAnalytics(ctx.db, query.range, ctx.config.now()));
}
