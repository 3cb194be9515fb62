/**
 * The server the cluster suite's instances run: `server/cli.ts`'s startup (the same startServer, the same
 * environment) with one test-only difference, the outbound allowance that lets webhooks reach the suite's
 * receiver on 127.0.0.1. Production has no configuration variable for it (server/security/outbound.ts), so
 * the suite bundles this file (buildTestInstance) instead of weakening the SSRF guard of dist/server/cli.js.
 */
import { createLogger, logLevelOr } from '../../server/logger';
import { startServer } from '../../server/start';

const env = process.env;
const logger = createLogger({ level: logLevelOr(env.LOG_LEVEL, 'info') });

try {
  const server = await startServer({
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT),
    databaseUrl: env.DATABASE_URL,
    dataDir: env.CONSOLE_DATA_DIR,
    seedDemo: env.CONSOLE_SEED_DEMO === '1' ? true : undefined,
    logger,
    outbound: { allow: ['127.0.0.1'] },
  });
  const shutdown = () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  logger.fatal({ err: error }, 'server failed to start');
  process.exit(1);
}
