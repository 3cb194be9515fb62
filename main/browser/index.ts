import { BROWSER_HOST_DEFAULT_PORT } from '../../shared/constants';
import { createConsoleLogger } from '../core/logger';
import { startRealServer } from '../core/server/start-real';
import { startupLines } from './banner';
import { defaultDataDir, portFromEnv } from './data-dir';
import { startBrowserHost } from './host';
import { exitOnSignals } from './shutdown';

// `npm run web`: the console in a browser. PORT (default 5180, 0 = random), CONSOLE_DATA_DIR.
const logger = createConsoleLogger('browser-host');
try {
  const host = await startBrowserHost({
    dataDir: defaultDataDir(process.env),
    port: portFromEnv(process.env.PORT, BROWSER_HOST_DEFAULT_PORT),
    env: process.env,
    startServer: startRealServer,
    logger,
  });
  process.stdout.write(`${startupLines(host).join('\n')}\n`);
  exitOnSignals(() => host.close(), logger);
} catch (error) {
  logger.error('The console could not start', error);
  process.exit(1);
}
