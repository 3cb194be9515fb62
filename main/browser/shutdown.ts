import { describeError, type Logger } from '../core/logger';

const FORCE_EXIT_MS = 15_000;
/**
 * A signal this soon after the first is that signal raised again, not a person's second Ctrl+C: conf's
 * atomic writes (atomically → when-exit) catch SIGINT/SIGTERM, clean up, and raise the signal once more.
 */
const RERAISED_WITHIN_MS = 1_000;

/**
 * The handler of SIGINT/SIGTERM: the first stops gracefully (event streams, HTTP server, embedded server
 * and its database), then exits; a second one, or a stop that hangs, exits at once.
 */
export function signalHandler(
  stop: () => Promise<void>,
  logger: Logger,
  {
    now = Date.now,
    exit = (code: number): void => process.exit(code),
  }: { now?: () => number; exit?: (code: number) => void } = {},
): (signal: NodeJS.Signals) => void {
  let stoppingSince: number | undefined;
  return (signal) => {
    if (stoppingSince !== undefined) {
      if (now() - stoppingSince < RERAISED_WITHIN_MS) return;
      logger.warn(`${signal} again: exiting now`);
      exit(1);
      return;
    }
    stoppingSince = now();
    logger.info(`${signal}: stopping`);
    setTimeout(() => {
      logger.error('Stopping took too long: exiting');
      exit(1);
    }, FORCE_EXIT_MS).unref();
    stop().then(
      () => exit(0),
      (error: unknown) => {
        logger.error(`Stopping failed: ${describeError(error)}`);
        exit(1);
      },
    );
  };
}

/** SIGINT/SIGTERM: stop gracefully, then exit (see signalHandler). */
export function exitOnSignals(stop: () => Promise<void>, logger: Logger): void {
  const onSignal = signalHandler(stop, logger);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
