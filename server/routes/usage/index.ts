import { usageEndpoints } from '../../../shared/api/usage';
import type { ServerContext } from '../../context';
import { analyticsOf, rangeWindow } from '../../domain/usage/analytics';
import { loadUsageFigures, recordUsage } from '../../domain/usage/store';
import type { Route } from '../../http/router';

/** Console usage (issue 11): the console's events in, User Analytics out. */
export function registerUsageRoutes(route: Route, ctx: ServerContext): void {
  // Attributed to the token's user only: the body names no user.
  route(usageEndpoints.recordEvents, async ({ body, session }) => ({
    stored: await recordUsage(ctx.db, session().userId, body, ctx.config.now()),
  }));

  route(usageEndpoints.analytics, async ({ query }) => {
    const window = rangeWindow(query.range, ctx.config.now());
    return analyticsOf(query.range, window, await loadUsageFigures(ctx.db, window));
  });
}
