import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * The test builds' fault switch: a delay added to every request, so that an end-to-end test can make
 * the server slow on purpose (the API latency rule's p95 rises) and fast again.
 *
 * How it is kept out of the packaged app: nothing here reads the environment. Only the browser host
 * (`node dist/main/browser.js`, the test and development host, never packaged as the app's entry) turns
 * it on, when it is started with CONSOLE_TEST_FAULTS=1 (main/browser/test-faults.ts); the Electron host
 * never passes it. Without it the route below is not registered at all (a 404) and no hook is added.
 */
export interface TestFaults {
  /** Rules evaluated this often instead of each minute (the e2e waits seconds, not minutes). */
  evaluationIntervalMs?: number;
  /**
   * The server's clock starts at this instant (ms since the epoch) and runs on from there: an end-to-end
   * test opens the console "at 22:00" whatever the hour it runs (CONSOLE_TEST_NOW).
   */
  startAt?: number;
}

/** A clock that reads `startAt` now and runs on at the real pace. */
export function clockFrom(startAt: number, real: () => number = Date.now): () => number {
  const offset = startAt - real();
  return () => real() + offset;
}

/** Outside the contract on purpose: a test-only route is no part of the API a client may call. */
export const TEST_FAULTS_PATH = '/test/faults';

const faultInput = z.object({ delayMs: z.number().int().min(0).max(10_000) }).strict();

export function registerTestFaults(app: FastifyInstance): void {
  let delayMs = 0;
  app.addHook('onRequest', async (request) => {
    if (delayMs > 0 && !request.url.startsWith(TEST_FAULTS_PATH))
      await new Promise((resolve) => setTimeout(resolve, delayMs));
  });
  app.get(TEST_FAULTS_PATH, { schema: { hide: true } }, async () => ({ delayMs }));
  app.put(TEST_FAULTS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const parsed = faultInput.safeParse(request.body);
    if (!parsed.success)
      return reply.code(400).send({ error: 'delayMs must be a whole number of milliseconds, 0 to 10000' });
    delayMs = parsed.data.delayMs;
    request.log.warn({ delayMs }, 'test fault: requests delayed');
    return { delayMs };
  });
}
