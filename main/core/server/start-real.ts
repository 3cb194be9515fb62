import { pino, type LevelWithSilent } from 'pino';
import { createLogger } from '../../../server/logger';
import { startServer } from '../../../server/start';
import type { StartServer } from './embedded';

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The real embedded server (server/start.ts) in this very thread, for tests that run from sources.
 * The hosts start it in a worker thread instead (worker-server.ts, on the bundled server/worker.js).
 * Its log goes to stderr at `warn` (CONSOLE_SERVER_LOG_LEVEL to change): stdout belongs to the
 * browser host's address line, and a desktop app has no use for a line per request.
 */
export const startRealServer: StartServer = (options) =>
  startServer({
    ...options,
    logger: createLogger({
      level: serverLogLevel(process.env.CONSOLE_SERVER_LOG_LEVEL),
      destination: pino.destination(2),
    }),
  });

function serverLogLevel(value: string | undefined): LevelWithSilent {
  return LEVELS.find((level) => level === value) ?? 'warn';
}
