import type { Logger } from '../logger';
import type { RunningServer } from './embedded';

/** What the console knows of its embedded server, for the renderer (sign-in page, banner). */
export type EmbeddedServerState = 'none' | 'starting' | 'running' | 'restarting' | 'failed';
export interface EmbeddedServerStatus {
  state: EmbeddedServerState;
  /** How many times it died and was started again since launch. */
  restarts: number;
}

/**
 * The waits before each restart attempt after the server died: at once, then backing off. When they are
 * spent without a server that stays up, the console gives up and says so.
 */
export const RESTART_DELAYS_MS = [0, 1_000, 2_000, 4_000, 8_000] as const;
/** A server that stayed up this long has recovered: the next death starts the delays again. */
export const STABLE_AFTER_MS = 60_000;

export interface SupervisorOptions {
  start(): Promise<RunningServer>;
  logger: Logger;
  onStatus?(status: EmbeddedServerStatus): void;
  delays?: readonly number[];
  now?: () => number;
}

export interface EmbeddedServerSupervisor {
  /** The first start (hosts fail the launch on its rejection). */
  first: Promise<RunningServer>;
  /** The server to call now: waits while it starts or restarts; rejects once the console gave up. */
  current(): Promise<RunningServer>;
  status(): EmbeddedServerStatus;
  close(): Promise<void>;
}

/**
 * Starts the embedded server and keeps it up: when its thread dies after start, it is started again
 * (bounded attempts with backoff), calls meanwhile wait for the new one, and each change of state is
 * reported so the console can say what happened (issue 25).
 */
export function superviseEmbeddedServer(options: SupervisorOptions): EmbeddedServerSupervisor {
  const { logger, delays = RESTART_DELAYS_MS, now = Date.now } = options;
  let status: EmbeddedServerStatus = { state: 'starting', restarts: 0 };
  let closed = false;
  let attempt = 0;
  let upSince = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Ends a restart that waits for its next attempt (the console closes meanwhile). */
  let abandon: (() => void) | undefined;
  const setStatus = (next: Partial<EmbeddedServerStatus>) => {
    status = { ...status, ...next };
    options.onStatus?.(status);
  };

  const watch = (server: RunningServer) => {
    upSince = now();
    server.onExit?.((error) => {
      if (closed) return;
      logger.error('The embedded server stopped unexpectedly; restarting it', error);
      if (now() - upSince >= STABLE_AFTER_MS) attempt = 0;
      restart();
    });
    return server;
  };

  let current: Promise<RunningServer> = options.start().then(watch);
  const first = current;
  first.then(
    () => setStatus({ state: 'running' }),
    () => setStatus({ state: 'failed' }),
  );

  function restart() {
    setStatus({ state: 'restarting' });
    current = new Promise<RunningServer>((resolve, reject) => {
      abandon = () => reject(new Error('The console is closing'));
      const tryAgain = () => {
        const delay = delays[attempt];
        if (delay === undefined || closed) {
          setStatus({ state: 'failed' });
          reject(new Error(`The embedded server could not be restarted after ${attempt} attempts`));
          return;
        }
        attempt += 1;
        timer = setTimeout(() => {
          timer = undefined;
          if (closed) return reject(new Error('The console is closing'));
          options.start().then(
            (server) => {
              if (closed) {
                void server.close();
                return reject(new Error('The console is closing'));
              }
              logger.info(`Embedded server restarted on ${server.url}`);
              resolve(watch(server));
              setStatus({ state: 'running', restarts: status.restarts + 1 });
            },
            (error: unknown) => {
              logger.error(`Restarting the embedded server failed (attempt ${attempt})`, error);
              tryAgain();
            },
          );
        }, delay);
      };
      tryAgain();
    });
    // A failure is answered to each call that waits; here it is only kept from being unhandled.
    current.catch(() => undefined);
  }

  return {
    first,
    current: () => current,
    status: () => status,
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        abandon?.();
      }
      const running = await current.catch(() => null);
      await running?.close();
    },
  };
}
