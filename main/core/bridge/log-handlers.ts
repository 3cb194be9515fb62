import type { Logger } from '../logger';
import type { Handlers } from './handlers';

/**
 * How many renderer errors the log takes per window of time: enough for a real failure and its
 * follow-ups, far too few for an error thrown in a render loop to fill the disk between rotations.
 */
export const RENDERER_ERROR_LIMIT = { count: 20, windowMs: 60_000 } as const;

export interface LogHandlerDeps {
  logger: Logger;
  limit?: { count: number; windowMs: number };
  now?: () => number;
}

/** 'log:error': the renderer's errors in the main process's log, rate-limited. */
export function createLogHandlers({
  logger,
  limit = RENDERER_ERROR_LIMIT,
  now = Date.now,
}: LogHandlerDeps): Pick<Handlers, 'log:error'> {
  let windowStart = -Infinity;
  let taken = 0;
  let dropped = 0;

  return {
    'log:error': async ({ source, message, stack }) => {
      const time = now();
      if (time - windowStart >= limit.windowMs) {
        // Said once the flood is over, so the log shows that something was left out.
        if (dropped > 0) {
          logger.warn(
            `${dropped} renderer errors were not logged (more than ${limit.count} in ${limit.windowMs / 1000} s)`,
          );
        }
        windowStart = time;
        taken = 0;
        dropped = 0;
      }
      if (taken >= limit.count) {
        dropped += 1;
        return { logged: false };
      }
      taken += 1;
      logger.error(`Renderer error (${source}): ${message}${stack ? `\n${stack}` : ''}`);
      return { logged: true };
    },
  };
}
