import type { FastifyInstance } from 'fastify';
import { alertEndpoints } from '../../../shared/api/alerts';
import { defineDemoAlerts } from '../../alerts/demo';
import { createAlertHub } from '../../alerts/hub';
import { createAlertStreams } from '../../alerts/stream';
import type { ServerContext } from '../../context';
import type { Database } from '../../db/client';
import type { Route } from '../../http/router';
import type { JobRunner } from '../../jobs/runner';

/**
 * The alert banner's stream (part 1 §2): GET /alerts/stream, and in demo mode the demonstration
 * alerts, started by the first stream so that a console that opens sees them arrive.
 */
export async function registerAlertRoutes(
  app: FastifyInstance,
  route: Route,
  ctx: ServerContext,
  database: Database,
  jobs: JobRunner | undefined,
): Promise<void> {
  if (ctx.config.demoAlerts && !jobs) throw new Error('the demonstration alerts run on the job runner');
  const hub = await createAlertHub(database, ctx.config.now, app.log);
  const demo =
    ctx.config.demoAlerts && jobs
      ? await defineDemoAlerts(jobs, {
          publish: hub.publish,
          random: ctx.config.random,
          onError: (error) => app.log.error({ err: error }, 'starting the demonstration alerts failed'),
        })
      : undefined;
  // After the first replay, so that the console sees the demonstration alerts arrive one by one.
  const streams = createAlertStreams(ctx.db, hub, () => demo?.start());
  // Open streams never end by themselves: end them, or closing the server would wait for them.
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => hub.close());

  route(alertEndpoints.stream, async ({ request, reply }) => {
    await streams.open(request, reply);
    // The stream took the reply over (hijack): Fastify sends nothing of what a handler answers.
    return undefined as never;
  });
}
