import { describeError, type Logger } from '../core/logger';

const FORCE_EXIT_MS = 15_000;

/**
 * SIGINT/SIGTERM: stop gracefully (event streams, HTTP server, embedded server and its database),
 * then exit. A second signal, or a stop that hangs, exits at once.
 */
export function exitOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal}: stopping`);
    setTimeout(() => {
      logger.error('Stopping took too long: exiting');
      process.exit(1);
    }, FORCE_EXIT_MS).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(`Stopping failed: ${describeError(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
