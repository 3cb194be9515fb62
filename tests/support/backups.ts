import type { FastifyInstance } from 'fastify';
import path from 'node:path';
import type { BackupOverview } from '../../shared/api/backups';
import { createLogger } from '../../server/logger';
import { startServer, type RunningServer } from '../../server/start';
import { call } from './server';

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
