import { jobEndpoints } from '../../shared/api/jobs';
import type { ServerContext } from '../context';
import type { Route } from '../http/router';
import { jobQueuesOverview } from './overview';

export function registerJobRoutes(route: Route, ctx: ServerContext): void {
  route(jobEndpoints.listQueues, async () => ({ queues: await jobQueuesOverview(ctx.db) }));
}
