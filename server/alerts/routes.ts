import type { FastifyInstance } from 'fastify';
import { alertEndpoints } from '../../shared/api/alerts';
import { createAlerting, type Alerting } from './service';
import { defineDemoAlerts } from './demo';
import { createAlertHub } from './hub';
import { createAlertStreams, type AlertStreams } from './stream';
import type { ServerContext } from '../context';
import type { Database } from '../db/client';
import { authenticate } from '../http/authenticate';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import type { JobRunner } from '../jobs/runner';
import { registerAlertingRoutes } from './rule-routes';

declare module 'fastify' {
  interface FastifyInstance {
    /** Alert evaluation (issue 12): its job runs each minute; tests call `evaluate(now)` themselves. */
    alerting: Alerting;
    /** This instance's open alert streams (counted by tests and the closing server). */
    alertStreams: AlertStreams;
  }
}

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
          db: ctx.db,
          now: ctx.config.now,
          onError: (error) => app.log.error({ err: error }, 'starting the demonstration alerts failed'),
        })
      : undefined;
  // After the first replay, so that the console sees the demonstration alerts arrive one by one.
  const streams = createAlertStreams({
    db: ctx.db,
    hub,
    limits: ctx.config.alertStream,
    onSessionChange: (listener) => ctx.principals.onChange(listener),
    onReplayed: () => demo?.start(),
    onEnded: (reason, userId) => {
      if (reason !== 'replaced' && reason !== 'slow') return;
      app.log.info(
        { userId },
        reason === 'slow'
          ? 'an alert stream was dropped: its reader did not keep up'
          : 'an alert stream was closed: its user opened more than allowed',
      );
    },
  });
  app.decorate('alertStreams', streams);
  // Open streams never end by themselves: end them, or closing the server would wait for them.
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => hub.close());

  const alerting = await createAlerting(ctx, jobs, app.log);
  app.decorate('alerting', alerting);
  app.addHook('onClose', async () => alerting.stop());
  registerAlertingRoutes(route, ctx, jobs, (error) =>
    app.log.error({ err: error }, 'an alert listener failed'),
  );

  const permission = alertEndpoints.stream.permission ?? 'alerts.read';
  route(alertEndpoints.stream, async ({ request, reply, session }) => {
    await streams.open(request, reply, {
      session: session(),
      // The same checks as the request passed (token, revocation, account status, permission), again.
      async stillAllowed() {
        try {
          return (await authenticate(request, ctx)).permissions.includes(permission);
        } catch (error) {
          if (error instanceof HttpError) return false;
          throw error;
        }
      },
    });
    // The stream took the reply over (hijack): Fastify sends nothing of what a handler answers.
    return undefined as never;
  });
}
