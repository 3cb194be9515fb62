import { errorCodes, type FastifyInstance, type FastifyReply } from 'fastify';

/** How often the requests in flight are checked against their deadline, at most. */
const SWEEP_MS = 1_000;

/**
 * A request whose handling (hooks and handler) outlasts `timeoutMs` is answered 503 + Retry-After
 * (issue 27 item 1: a handler that hangs), as Fastify's `handlerTimeout` does (the same error, so the
 * error handler answers it the same way), but checked by one sweep of the requests in flight, every
 * second or a quarter of the timeout, instead of a timer, an AbortController and a 'close' listener per
 * request: those cost a bare Fastify route ~10 µs of CPU per request, a quarter of its whole cost
 * (measured: 46 → 56 µs; issue 27 item 4). A request is answered between one and one sweep past its
 * timeout. Nothing here reads `request.signal` (Fastify's timeout aborts it; none of our handlers listen).
 */
export function installHandlerDeadline(app: FastifyInstance, timeoutMs: number): void {
  if (!(timeoutMs > 0)) return;
  const sweepMs = Math.min(SWEEP_MS, Math.max(50, Math.floor(timeoutMs / 4)));
  /** Sweeps a request may live through: its timeout, whatever the phase of the sweep it arrived in. */
  const sweepsAllowed = Math.ceil(timeoutMs / sweepMs);
  // Each request notes the sweep it arrived after (no clock read per request); the order of arrival is
  // the order of the deadlines, so a sweep stops at the first request still in time.
  let sweeps = 0;
  const inFlight = new Map<FastifyReply, number>();
  app.addHook('onRequest', (_request, reply, done) => {
    inFlight.set(reply, sweeps);
    done();
  });
  app.addHook('onResponse', (_request, reply, done) => {
    inFlight.delete(reply);
    done();
  });
  const sweep = () => {
    sweeps += 1;
    for (const [reply, arrived] of inFlight) {
      if (sweeps - arrived <= sweepsAllowed) break;
      inFlight.delete(reply);
      // Answered already (a stream that took the reply over, a client gone): nothing to cut short.
      if (reply.sent) continue;
      const error = new errorCodes.FST_ERR_HANDLER_TIMEOUT(timeoutMs, reply.request.routeOptions.url ?? '');
      // Its answer has begun: it cannot become an error answer any more.
      if (reply.raw.headersSent) reply.raw.destroy(error);
      else reply.send(error);
    }
  };
  const timer = setInterval(sweep, sweepMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
