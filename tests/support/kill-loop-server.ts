/**
 * The kill loop's server: `server/cli.ts` (the production entry, `dist/server/cli.js` once built), with one
 * test-only difference: webhooks may reach 127.0.0.1, where the loop's receiver counts deliveries. No
 * configuration variable can grant that (server/security/outbound.ts), so the loop bundles this file the
 * way scripts/build.mjs bundles cli.ts (esbuild, packages external) and runs it as a child process.
 * Environment as cli.ts: DATABASE_URL or CONSOLE_DATA_DIR, PORT, CONSOLE_SEED_DEMO, JWT_SECRET, LOG_LEVEL.
 * The outbound allowance is the one difference in behaviour; the data folder's layout is the embedded
 * console's (below).
 */
import path from 'node:path';
import { createLogger, logLevelOr } from '../../server/logger';
import { startServer } from '../../server/start';

const env = process.env;
const logger = createLogger({ level: logLevelOr(env.LOG_LEVEL, 'warn') });

try {
  const server = await startServer({
    host: '127.0.0.1',
    port: Number(env.PORT ?? 0),
    databaseUrl: env.DATABASE_URL || undefined,
    // As the embedded console lays its data folder out (server/worker.ts): PGlite in database/, beside
    // backups/ and config/ (cli.ts puts PGlite in the folder itself, and the backups' copies with it).
    ...(env.CONSOLE_DATA_DIR && !env.DATABASE_URL
      ? { dataDir: path.join(env.CONSOLE_DATA_DIR, 'database'), dataFolder: env.CONSOLE_DATA_DIR }
      : {}),
    seedDemo: env.CONSOLE_SEED_DEMO === '1' ? true : undefined,
    logger,
    outbound: { allow: ['127.0.0.1/32'] },
  });
  console.log(`Operations console server listening on ${server.url} (${server.database.kind})`);
  process.once('SIGTERM', () => {
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
} catch (error) {
  logger.fatal({ err: error }, 'server failed to start');
  process.exit(1);
}
