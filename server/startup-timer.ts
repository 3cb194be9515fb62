import { performance } from 'node:perf_hooks';

/**
 * How long each step of a server's start took, in milliseconds, in the order they ran: the hosts log it
 * and the start-up benchmark prints it (issue 29: a first launch must answer within 3 s).
 */
export type StartupPhases = Record<string, number>;

export interface StartupTimer {
  /** Ends the running step under `name` and starts the next. */
  mark(name: string): void;
  phases(): StartupPhases;
}

export function createStartupTimer(): StartupTimer {
  const phases: StartupPhases = {};
  let last = performance.now();
  return {
    mark(name) {
      const now = performance.now();
      phases[name] = Math.round((phases[name] ?? 0) + now - last);
      last = now;
    },
    phases: () => ({ ...phases }),
  };
}
