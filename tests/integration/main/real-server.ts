import { rm } from 'node:fs/promises';
import type { StartServer } from '../../../main/core/server/embedded';
import { createLogger } from '../../../server/logger';
import { startServer, type RunningServer } from '../../../server/start';
import { demoSnapshotFile } from '../../support/demo-snapshot';
import { scratchDir } from '../../support/scratch';

export const DEMO_PASSWORD = 'demo-Console-2026';

/**
 * The demo's reports are never rendered by these servers, as by the e2e hosts (CONSOLE_DEMO_REPORTS=off):
 * none of these suites reads them, and a server that lives past the delay would spend seconds of CPU on
 * their PDFs and workbooks in the middle of a test. The demo snapshot's own suite renders them.
 */
const NO_DEMO_REPORTS = { demoReportsDelayMs: null };

/**
 * The real server in this thread, as a host's `startServer` (the hosts run it in a worker thread on
 * the bundled server/worker.js; from sources a test runs it here), quiet. A new data directory starts
 * from the run's demo snapshot, as a first start from the build's does.
 */
export const startQuietServer: StartServer = async (options) =>
  startServer({
    demoSnapshotFile: await demoSnapshotFile(),
    ...options,
    config: NO_DEMO_REPORTS,
    logger: createLogger({ level: 'silent' }),
  });

/**
 * The real server on loopback, PGlite in a data directory of its own (removed at close) that starts
 * from the run's demo snapshot, quiet.
 */
export async function startTestServer(): Promise<RunningServer> {
  const dataDir = await scratchDir('console-test-server-');
  try {
    const server = await startServer({
      host: '127.0.0.1',
      port: 0,
      dataDir,
      demoSnapshotFile: await demoSnapshotFile(),
      config: { jwtSecret: 'test-secret-'.repeat(4), ...NO_DEMO_REPORTS },
      logger: createLogger({ level: 'silent' }),
    });
    // The demo filled up to now (the start's background fill): a suite's figures read before and after
    // an action then differ by that action alone, not by the fill's next hour.
    await server.settled;
    return {
      ...server,
      close: async () => {
        await server.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
