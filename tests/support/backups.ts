import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { BackupOverview } from '../../shared/api/backups';
import { loadBackupKey, type BackupKey } from '../../server/backups/keys';
import { BackupService } from '../../server/backups/service';
import type { Database } from '../../server/db/client';
import { createLogger } from '../../server/logger';
import { startServer, type RunningServer } from '../../server/start';
import { call } from './server';

/**
 * A backup service that logs, emits and alerts nothing: the key is the data folder's unless given (another
 * folder's key opens none of its archives).
 */
export async function quietBackupService(options: {
  database: Database;
  dataFolder: string;
  now: () => number;
  key?: BackupKey;
  /** What the service warns of, for a test that asks. */
  warned?: string[];
}): Promise<BackupService> {
  const { warned, ...rest } = options;
  return new BackupService({
    ...rest,
    key: options.key ?? (await loadBackupKey(options.dataFolder)),
    logger: { warn: (_details, message) => void warned?.push(message), error: () => undefined },
    emit: async () => undefined,
    raiseAlert: async () => undefined,
  });
}

/** A quiet server as the embedded console runs: PGlite in `<data folder>/database`, no demo data. */
export function startFolderServer(dataFolder: string): Promise<RunningServer> {
  return startServer({
    dataDir: path.join(dataFolder, 'database'),
    dataFolder,
    seedDemo: false,
    logger: createLogger({ level: 'silent' }),
    config: { jwtSecret: 'folder-server-'.repeat(4) },
  });
}

/**
 * A restore answers at once and goes on: polls the backup overview until no restore runs, and answers
 * the overview then. A test that starts one waits for it, or the restore replaces the tables under the
 * tests that follow.
 */
export async function restoreEnded(
  app: FastifyInstance,
  headers: { authorization: string },
): Promise<BackupOverview> {
  for (;;) {
    const response = await call(app, { method: 'GET', url: '/backups', headers });
    const overview = response.body.data as BackupOverview;
    if (!overview.activity.some((a) => a.kind === 'restore' && a.percent < 100)) return overview;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A restore test answers at once and goes on: polls the backup overview until no restore test of the point
 * (of any point, without one) is queued or running, and answers the overview then. A test that starts one
 * waits for it, or the app closes under it.
 */
export async function restoreTestEnded(
  app: FastifyInstance,
  headers: { authorization: string },
  pointId?: string,
): Promise<BackupOverview> {
  for (;;) {
    const response = await call(app, { method: 'GET', url: '/backups', headers });
    const overview = response.body.data as BackupOverview;
    const running = overview.activity.some(
      (a) => a.kind === 'test' && a.percent < 100 && (pointId === undefined || a.runId === pointId),
    );
    if (!running) return overview;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
