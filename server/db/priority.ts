import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is waiting on PGlite's one connection (issue 27 item 3): a cheap request (the health check, the
 * dashboard, a sign-in), an expensive one (a route class of http/shedding.ts: audit search, 7-day
 * monitoring, reports, exports), or work of the server's own (jobs, roll-ups, alert evaluation, the demo's
 * first reports), which nobody is waiting on.
 */
export type QueryPriority = 'cheap' | 'heavy' | 'background';

const ORDER: readonly QueryPriority[] = ['cheap', 'heavy', 'background'];

const storage = new AsyncLocalStorage<QueryPriority>();

/** Runs `work` (and everything it starts) with the given priority. */
export function withQueryPriority<T>(priority: QueryPriority, work: () => T): T {
  return storage.run(priority, work);
}

/** The priority of the code running now: work outside any request is the server's own. */
export function currentQueryPriority(): QueryPriority {
  return storage.getStore() ?? 'background';
}

/**
 * Every so many calls of a higher class in a row, one waiting call of a lower class goes first: a flood
 * of requests slows the server's own work down but never stops it (the roll-ups, the alert evaluation).
 */
export const STARVATION_BOUND = 8;

export interface Turns {
  /** Waits for this caller's turn on the connection; `release` hands it to the next. */
  acquire(priority: QueryPriority): Promise<void>;
  release(): void;
  /** Calls waiting, by class (for tests and the log). */
  waiting(): Record<QueryPriority, number>;
}

/**
 * One call at a time, the most urgent class first, in arrival order within a class. PGlite runs one
 * statement at a time anyway, in arrival order: a health check that arrives behind the seven queries of
 * the demo's first reports, or behind a flood of audit searches, waits for all of them. Here it waits for
 * the one statement running.
 */
export function createTurns(): Turns {
  const queues: Record<QueryPriority, (() => void)[]> = { cheap: [], heavy: [], background: [] };
  let busy = false;
  /** Turns given in a row to a class while a lower one waited. */
  let passedOver = 0;

  const next = (): (() => void) | undefined => {
    const classes = ORDER.filter((priority) => queues[priority].length > 0);
    if (classes.length === 0) return undefined;
    const lowest = classes[classes.length - 1]!;
    if (classes.length > 1 && passedOver >= STARVATION_BOUND) {
      passedOver = 0;
      return queues[lowest].shift();
    }
    if (classes.length > 1) passedOver += 1;
    else passedOver = 0;
    return queues[classes[0]!].shift();
  };

  return {
    acquire(priority) {
      if (!busy) {
        busy = true;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => queues[priority].push(resolve));
    },
    release() {
      const resume = next();
      if (resume) resume();
      else busy = false;
    },
    waiting: () => ({
      cheap: queues.cheap.length,
      heavy: queues.heavy.length,
      background: queues.background.length,
    }),
  };
}
