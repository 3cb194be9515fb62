import pg from 'pg';
import type { DatabaseTimeouts } from '../config';
import { isConnectionFailure } from './errors';

/**
 * Whether the database answers, known without waiting on it (issue 27). A request that meets a dead
 * connection, or a health check whose bounded probe fails, marks it down; while down, requests are
 * refused at once with 503 + Retry-After instead of each waiting out the pool's timeouts, and a probe
 * on a connection of its own (not a pooled one: a pool busy with long queries is not a database that
 * is down) runs every `probeIntervalMs` until the database answers again.
 */
export interface DatabaseAvailability {
  /** False from a failure until a probe succeeds again. */
  readonly up: boolean;
  /** Seconds a client should wait before trying again while the database is down. */
  readonly retryAfterSeconds: number;
  /** A bounded round trip (the health check): throws, and marks the database down, when it fails. */
  check(): Promise<void>;
  /** A request's error: when it says the connection failed, the database is marked down. */
  report(error: unknown): void;
  /** Stops probing (the database is closing). */
  stop(): Promise<void>;
}

/**
 * PGlite lives in this process: it cannot become unreachable, and a probe would only queue behind
 * queries (the health check's own `select 1` still runs).
 */
export function alwaysAvailable(): DatabaseAvailability {
  return {
    up: true,
    retryAfterSeconds: 1,
    check: async () => undefined,
    report: () => undefined,
    stop: async () => undefined,
  };
}

export function postgresAvailability(url: string, timeouts: DatabaseTimeouts): DatabaseAvailability {
  let up = true;
  let stopped = false;
  let probeClient: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const dropClient = () => {
    const client = probeClient;
    probeClient = undefined;
    // A frozen peer never answers a polite end: destroy the socket.
    client?.end().catch(() => undefined);
    (
      client as unknown as { connection?: { stream?: { destroy(): void } } } | undefined
    )?.connection?.stream?.destroy();
  };

  /** One round trip on the probe's own connection, each step bounded by the probe timeout. */
  const roundTrip = async () => {
    if (!probeClient) {
      const client = new pg.Client({
        connectionString: url,
        application_name: 'console-probe',
        connectionTimeoutMillis: timeouts.probeTimeoutMs,
        query_timeout: timeouts.probeTimeoutMs,
        keepAlive: true,
      });
      client.on('error', () => {
        if (probeClient === client) dropClient();
      });
      probeClient = client;
      try {
        await client.connect();
      } catch (error) {
        if (probeClient === client) dropClient();
        throw error;
      }
    }
    try {
      await probeClient.query('select 1');
    } catch (error) {
      dropClient();
      throw error;
    }
  };

  const schedule = () => {
    if (stopped || up || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      // Its failure schedules the next one; nobody waits on this one.
      probe().catch(() => undefined);
    }, timeouts.probeIntervalMs);
    timer.unref();
  };

  /** One probe at a time; its outcome sets the state. */
  const probe = (): Promise<void> =>
    (running ??= roundTrip()
      .then(
        () => {
          up = true;
        },
        (error: unknown) => {
          // Reached but refusing (a database that does not exist, a wrong password) is not "unreachable":
          // that failure is answered as it is, and the state stays as it was.
          if (isConnectionFailure(error)) {
            up = false;
            schedule();
          }
          throw error;
        },
      )
      .finally(() => {
        running = undefined;
      }));

  return {
    get up() {
      return up;
    },
    get retryAfterSeconds() {
      return Math.max(1, Math.ceil(timeouts.probeIntervalMs / 1000));
    },
    check: probe,
    report(error) {
      // One dead connection (an administrator's kill, a restart) is not yet a dead database: the probe decides.
      if (stopped || !up || !isConnectionFailure(error)) return;
      probe().catch(() => undefined);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      dropClient();
    },
  };
}
