import { pino, type LevelWithSilent } from 'pino';
import { createLogger } from '../../../server/logger';
import { startServer } from '../../../server/start';
import type { StartServer } from './embedded';

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * The real embedded server (server/start.ts). Kept in its own module so that tests and code that
 * never start a server do not load it; the hosts' entry files hand it to the core.
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
