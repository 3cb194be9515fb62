import path from 'node:path';
import type { ConsoleConfig } from '../config';
import type { Logger } from '../logger';
import { ensurePrivateDir } from '../store/open-conf';

/** The options of server/start.ts's `startServer`, as far as the hosts use them. */
export interface StartServerOptions {
  host: string;
  port: number;
  databaseUrl?: string;
  dataDir?: string;
  /** The console's data folder (backups/, config/): the app's, not the PGlite folder inside it. */
  dataFolder?: string;
  seedDemo?: boolean;
  /** The hosts' log folder: the server thread writes its rotating `server.*.log` there. */
  logDir?: string;
}

/** What a started server gives back that the hosts need. */
export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export type StartServer = (options: StartServerOptions) => Promise<RunningServer>;

/**
 * Starts the console's own server on loopback, on a port the OS picks, with its PGlite data in
 * `<dataDir>/database` (or on DATABASE_URL). Only loopback: the embedded server serves this desktop.
 */
export async function startEmbeddedServer(
  config: ConsoleConfig,
  { dataDir, logDir }: { dataDir: string; logDir?: string },
  startServer: StartServer,
  logger: Logger,
): Promise<RunningServer> {
  const options: StartServerOptions = {
    host: '127.0.0.1',
    port: 0,
    seedDemo: config.seedDemo,
    logDir,
    dataFolder: dataDir,
  };
  if (config.databaseUrl) {
    options.databaseUrl = config.databaseUrl;
  } else {
    const databaseDir = path.join(dataDir, 'database');
    ensurePrivateDir(databaseDir);
    options.dataDir = databaseDir;
  }
  const started = Date.now();
  const server = await startServer(options);
  logger.info(
    `Embedded server listening on ${server.url} (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}${config.seedDemo ? ', demo data' : ''}) in ${Date.now() - started} ms`,
  );
  return server;
}
