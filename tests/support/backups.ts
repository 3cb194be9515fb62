import type { FastifyInstance } from 'fastify';
import type { BackupOverview } from '../../shared/api/backups';
import { call } from './server';

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
