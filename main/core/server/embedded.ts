import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { extractSnapshot, isNewDataFolder } from '../../../server/db/snapshot-files';
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
  /** This launch's secret: the server answers only requests that carry it (issue 25). */
  launchSecret?: string;
  /**
   * The demo snapshot's extraction into `dataDir`, started by the host at once (it overlaps the server
   * thread's loading of its modules); answers whether it extracted.
   */
  snapshotExtraction?: Promise<boolean>;
}

/** What a started server gives back that the hosts need. */
export interface RunningServer {
  url: string;
  /** How long each step of its start took (ms), when the server says. */
  startup?: Record<string, number>;
  /** The worker thread it runs in, for a server in a thread of its own. */
  threadId?: number;
  /**
   * Calls `listener` if the server ends without being closed (its thread died); answers the function
   * that stops listening. Servers that cannot die apart from the host (in this thread) have none.
   */
  onExit?(listener: (error: Error) => void): () => void;
  /** Stops the server at once, as a crash would (tests of the restart). */
  kill?(): Promise<void>;
  close(): Promise<void>;
}

export type StartServer = (options: StartServerOptions) => Promise<RunningServer>;

/** A new secret for this launch: never written anywhere, never on a command line. */
export function createLaunchSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts the console's own server on loopback, on a port the OS picks, with its PGlite data in
 * `<dataDir>/database` (or on DATABASE_URL). Only loopback: the embedded server serves this desktop.
 */
export async function startEmbeddedServer(
  config: ConsoleConfig,
  {
    dataDir,
    logDir,
    launchSecret,
    demoSnapshotFile,
  }: {
    dataDir: string;
    logDir?: string;
    launchSecret?: string;
    /** The build's demo database (dist/server/pglite-demo.tar.gz); without it the server finds its own. */
    demoSnapshotFile?: string;
  },
  startServer: StartServer,
  logger: Logger,
): Promise<RunningServer> {
  const options: StartServerOptions = {
    host: '127.0.0.1',
    port: 0,
    seedDemo: config.seedDemo,
    logDir,
    dataFolder: dataDir,
    ...(launchSecret ? { launchSecret } : {}),
  };
  if (config.databaseUrl) {
    options.databaseUrl = config.databaseUrl;
  } else {
    const databaseDir = path.join(dataDir, 'database');
    ensurePrivateDir(databaseDir);
    options.dataDir = databaseDir;
    // A first launch: the snapshot is written while the server thread loads (issue 29).
    if (demoSnapshotFile && config.seedDemo && isNewDataFolder(databaseDir)) {
      options.snapshotExtraction = extractSnapshot(demoSnapshotFile, databaseDir);
      options.snapshotExtraction.catch(() => undefined);
    }
  }
  const started = Date.now();
  const server = await startServer(options);
  const phases = Object.entries(server.startup ?? {})
    .map(([name, ms]) => `${name} ${ms} ms`)
    .join(', ');
  logger.info(
    `Embedded server listening on ${server.url} (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'}${config.seedDemo ? ', demo data' : ''}) in ${Date.now() - started} ms${phases ? ` (${phases})` : ''}`,
  );
  return server;
}
