import { BROWSER_HOST_DEFAULT_PORT } from '../../shared/constants';
import { createConsoleLogger } from '../core/logger';
import { distPaths } from '../core/paths';
import { startServerInWorker } from '../core/server/worker-server';
import { startupLines } from './banner';
import { defaultDataDir, portFromEnv } from './data-dir';
import { startBrowserHost } from './host';
import { exitOnSignals } from './shutdown';
import { testFaultsFromEnv } from './test-faults';
import { testResetFromEnv } from './test-reset';

// `npm run web`: the console in a browser. PORT (default 5180, 0 = random), CONSOLE_DATA_DIR.
const logger = createConsoleLogger('browser-host');
const testReset = testResetFromEnv(process.env);
try {
  const host = await startBrowserHost({
    dataDir: defaultDataDir(process.env),
    port: portFromEnv(process.env.PORT, BROWSER_HOST_DEFAULT_PORT),
    env: process.env,
    demoSnapshotFile: distPaths(import.meta.url).demoSnapshot,
    startServer: startServerInWorker(distPaths(import.meta.url).serverWorker, {
      logLevel: process.env.CONSOLE_SERVER_LOG_LEVEL,
      ...testFaultsFromEnv(process.env),
      // A reset starts the next server in the thread of the one it closed (test builds only).
      ...(testReset.resetFrom ? { reuseThread: true } : {}),
    }),
    logger,
    ...testReset,
  });
  process.stdout.write(`${startupLines(host).join('\n')}\n`);
  // The host's logger writes the log file too: how the console stopped belongs there.
  exitOnSignals(() => host.close(), host.logger);
  // The page is served before the embedded server listens; without it the console cannot work.
  host.core.server.catch(() => {
    void host.close().finally(() => process.exit(1));
  });
} catch (error) {
  logger.error('The console could not start', error);
  process.exit(1);
}
