import type { Schedule } from '../../server/alerts/demo';

/** A schedule whose time moves only when a test says so. */
export interface ManualSchedule {
  schedule: Schedule;
  /** Moves time forward, running every callback that falls due, in order. */
  advance(ms: number): void;
  readonly now: number;
  readonly pending: number;
}

export function createManualSchedule(): ManualSchedule {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    schedule(ms, callback) {
      const id = nextId++;
      timers.set(id, { at: now + ms, callback });
      return () => void timers.delete(id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.entries()]
          .filter(([, t]) => t.at <= end)
          .sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
    },
    get now() {
      return now;
    },
    get pending() {
      return timers.size;
    },
  };
}
