import type { PGlite } from '@electric-sql/pglite';
import { createTurns, currentQueryPriority } from './priority';

/** Calls that reach the database; they wait while the handle is paused and count as in flight. */
const GATED = new Set<PropertyKey>(['query', 'exec', 'transaction', 'sql', 'describeQuery']);

interface Listener {
  channel: string;
  onNotify: (payload: string) => void;
  stop: () => Promise<void>;
}

/**
 * The one PGlite client a server holds, behind a gate. `pause` waits for the calls in flight, holds new
 * ones, and may put another client (a restored data folder) in the old one's place: drizzle, the job
 * runner and the listeners hold `client`, which answers for whichever instance is current, so they go
 * on through the swap. Listeners are moved to the new instance (a notification of the old one's last
 * moments is not carried over: `onReplaced` tells the caches to read again).
 *
 * The calls take turns by priority (db/priority.ts): a cheap request's statement runs before waiting
 * expensive ones, and those before the server's own work, instead of in arrival order.
 */
export interface PgliteHandle {
  client: PGlite;
  /**
   * Runs `work` with nothing in flight on the current instance (it gets the instance itself, not the
   * gated client: its own queries must not wait for the gate they hold). `work` answers the instance to
   * go on with: the same, or a new one that replaces it.
   */
  pause<T>(work: (current: PGlite) => Promise<{ next: PGlite; result: T }>): Promise<T>;
  /** LISTEN that follows the current instance. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Called after a swap, once the listeners are on the new instance. */
  onReplaced(listener: () => void): () => void;
}

export function pgliteHandle(first: PGlite): PgliteHandle {
  let current = first;
  let inFlight = 0;
  let drained: (() => void) | undefined;
  let paused: Promise<void> | undefined;
  const listeners = new Set<Listener>();
  const replaced = new Set<() => void>();
  const turns = createTurns();

  const enter = async () => {
    while (paused) await paused;
    inFlight += 1;
  };
  const leave = () => {
    inFlight -= 1;
    if (inFlight === 0) drained?.();
  };

  const listen = async (channel: string, onNotify: (payload: string) => void) => {
    await enter();
    try {
      const listener: Listener = { channel, onNotify, stop: await current.listen(channel, onNotify) };
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    } finally {
      leave();
    }
  };

  const client = new Proxy({} as PGlite, {
    get(_, property) {
      // The job runner listens through the client: its listeners must follow a swap too.
      if (property === 'listen') return listen;
      const value = Reflect.get(current, property, current) as unknown;
      if (typeof value !== 'function') return value;
      if (!GATED.has(property)) return (value as (...args: unknown[]) => unknown).bind(current);
      return async (...args: unknown[]) => {
        await enter();
        try {
          // A transaction holds its turn to the end, as it holds PGlite's connection.
          await turns.acquire(currentQueryPriority());
          try {
            return await (Reflect.get(current, property, current) as (...a: unknown[]) => unknown).apply(
              current,
              args,
            );
          } finally {
            turns.release();
          }
        } finally {
          leave();
        }
      };
    },
  });

  return {
    client,
    async pause(work) {
      while (paused) await paused;
      let open!: () => void;
      paused = new Promise<void>((resolve) => (open = resolve));
      try {
        if (inFlight > 0) await new Promise<void>((resolve) => (drained = resolve));
        drained = undefined;
        const { next, result } = await work(current);
        if (next !== current) {
          current = next;
          for (const listener of listeners) {
            listener.stop = await next.listen(listener.channel, listener.onNotify);
          }
          for (const notify of replaced) notify();
        }
        return result;
      } finally {
        paused = undefined;
        open();
      }
    },
    listen,
    onReplaced(listener) {
      replaced.add(listener);
      return () => replaced.delete(listener);
    },
  };
}
