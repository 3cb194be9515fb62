import type { StartServer } from '../../../main/core/server/embedded';
import { createLogger } from '../../../server/logger';
import { startServer, type RunningServer } from '../../../server/start';

export const DEMO_PASSWORD = 'demo-Console-2026';

/**
 * The real server in this thread, as a host's `startServer` (the hosts run it in a worker thread on
 * the bundled server/worker.js; from sources a test runs it here), quiet.
 */
export const startQuietServer: StartServer = (options) =>
  startServer({ ...options, logger: createLogger({ level: 'silent' }) });

/** The real server on loopback, in-memory PGlite with the demo dataset, quiet. */
export function startTestServer(): Promise<RunningServer> {
  return startServer({
    host: '127.0.0.1',
    port: 0,
    seedDemo: true,
    config: { jwtSecret: 'test-secret-'.repeat(4) },
    logger: createLogger({ level: 'silent' }),
  });
}
