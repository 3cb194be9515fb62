/**
 * `npm run server`: the console's server on its own.
 *   DATABASE_URL             PostgreSQL; otherwise PGlite in CONSOLE_DATA_DIR / DATA_DIR, or in memory
 *   HOST, PORT               default 127.0.0.1:4000
 *   --seed-demo, CONSOLE_SEED_DEMO=1   load the demo dataset into an empty PostgreSQL database
 *   JWT_SECRET               token signing secret shared by all instances (else kept in the database)
 *   CONSOLE_LAUNCH_SECRET    when set, every request must carry it in X-Console-Launch-Secret (unset: none)
 *   LOG_LEVEL                pino level, default info
 */
import { createLogger, logLevelOr } from './logger';
import { startServer } from './start';

const env = process.env;
const logger = createLogger({ level: logLevelOr(env.LOG_LEVEL, 'info') });
const wantsDemo = process.argv.includes('--seed-demo') || env.CONSOLE_SEED_DEMO === '1';

const port = Number(env.PORT ?? 4000);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  logger.fatal(`PORT must be a port number, not ${env.PORT}`);
  process.exit(1);
}

try {
  const server = await startServer({
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.CONSOLE_DATA_DIR || env.DATA_DIR || undefined,
    // Without the flag PGlite still gets its demo data when empty; PostgreSQL only with it.
    seedDemo: wantsDemo ? true : undefined,
    logger,
  });
  console.log(`Operations console server listening on ${server.url} (${server.database.kind})`);

  const shutdown = (signal: string) => {
    logger.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  logger.fatal({ err: error }, 'server failed to start');
  process.exit(1);
}
