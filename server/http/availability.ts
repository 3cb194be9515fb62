import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../shared/errors';
import type { DatabaseAvailability } from '../db/availability';
import { isConnectionFailure } from '../db/errors';
import { HttpError } from './errors';
import { pathOf } from './route-hooks';

/** The health check: it probes the database itself, within the probe's bound. */
const HEALTH_CHECK = '/auth/test';

/** 503 with Retry-After: the database does not answer; nothing was done (issue 27). */
export const databaseUnreachable = (retryAfterSeconds: number) =>
  new HttpError(503, ERRORS.databaseUnreachable, { 'retry-after': String(retryAfterSeconds) });

/**
 * Fail fast while the database is down: every route answers 503 + Retry-After at once instead of each
 * request waiting out the pool's timeouts; the health check runs a bounded probe, so it reports a
 * frozen or stopped database within the probe timeout. Errors of requests tell the tracker what they met.
 * First of the onRequest hooks, so no guard waits on the database either.
 */
export function installAvailabilityGate(app: FastifyInstance, availability: DatabaseAvailability): void {
  // A callback hook: every request but the health check passes without a promise of its own.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!availability.up) return done(databaseUnreachable(availability.retryAfterSeconds));
    if (pathOf(request.url) !== HEALTH_CHECK) return done();
    availability.check().then(
      () => done(),
      (error: unknown) =>
        done(
          isConnectionFailure(error) ? databaseUnreachable(availability.retryAfterSeconds) : (error as Error),
        ),
    );
  });
  app.addHook('onError', async (_request, _reply, error) => {
    availability.report(error);
  });
}
