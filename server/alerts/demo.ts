import { DEMO_ALERTS } from '../../shared/alerts';
import type { NewAlert } from './store';

/** Runs `callback` after `ms`; answers the function that cancels it. Injected so tests move time. */
export type Schedule = (ms: number, callback: () => void) => () => void;

export const realSchedule: Schedule = (ms, callback) => {
  const timer = setTimeout(callback, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/** The seeded demonstration alerts (part 1 §2), one of each kind of event the banner shows. */
export const SEEDED_DEMO_ALERTS: readonly NewAlert[] = [
  {
    title: 'Revenue Milestone Reached',
    message: 'Monthly recurring revenue passed $45,000 for the first time.',
    type: 'success',
    priority: 'medium',
    category: 'business',
    metadata: { value: 45_280, change: 12.5 },
  },
  {
    title: 'New Enterprise Customer',
    message: 'Bright Futures Academy subscribed to the Enterprise plan.',
    type: 'customer',
    priority: 'high',
    category: 'customer',
    metadata: { value: 999 },
  },
  {
    title: 'High API Latency',
    message: 'API response time has been above 500 ms for the last 5 minutes.',
    type: 'warning',
    priority: 'high',
    category: 'technical',
    metadata: { value: '523 ms', change: 45 },
  },
  {
    title: 'Suspicious Sign-in Attempts',
    message: '12 failed sign-in attempts from one address in 10 minutes.',
    type: 'security',
    priority: 'critical',
    category: 'security',
    metadata: { value: 12 },
  },
  {
    title: 'Scheduled Maintenance',
    message: 'Database maintenance tonight from 02:00 to 03:00 UTC.',
    type: 'system',
    priority: 'low',
    category: 'technical',
    metadata: {},
  },
];

/** The random demonstration alerts: a daily revenue update or new trial signups (part 1 §2). */
export function randomDemoAlert(random: () => number): NewAlert {
  if (random() < 0.5) {
    const revenue = 1_400 + Math.round(random() * 600);
    const change = Math.round((random() * 10 - 3) * 10) / 10;
    return {
      title: 'Daily Revenue Update',
      message: `Today's revenue: $${revenue.toLocaleString('en-US')}.`,
      type: 'revenue',
      priority: 'low',
      category: 'business',
      metadata: { value: revenue, change },
    };
  }
  const signups = 1 + Math.floor(random() * 5);
  return {
    title: 'New Trial Signups',
    message: `${signups} new ${signups === 1 ? 'center' : 'centers'} started a trial today.`,
    type: 'info',
    priority: 'medium',
    category: 'customer',
    metadata: { value: signups },
  };
}

export interface DemoEmitterOptions {
  publish: (alert: NewAlert) => Promise<unknown>;
  schedule: Schedule;
  random: () => number;
  onError: (error: unknown) => void;
}

export interface DemoEmitter {
  start(): void;
  stop(): void;
}

/**
 * Demo mode only: the seeded alerts two seconds apart, then every 30 s a 20 % chance of a random one.
 * The alerts are stored and streamed like any other.
 */
export function createDemoEmitter(options: DemoEmitterOptions): DemoEmitter {
  const { publish, schedule, random } = options;
  let cancel: (() => void) | undefined;
  let started = false;
  const emit = (alert: NewAlert) => void publish(alert).catch(options.onError);

  const seeded = (index: number) => {
    const alert = SEEDED_DEMO_ALERTS[index];
    if (!alert) return tick();
    emit(alert);
    cancel = schedule(DEMO_ALERTS.seededIntervalMs, () => seeded(index + 1));
  };
  const tick = () => {
    cancel = schedule(DEMO_ALERTS.randomIntervalMs, () => {
      if (random() < DEMO_ALERTS.randomChance) emit(randomDemoAlert(random));
      tick();
    });
  };

  return {
    start() {
      if (started) return;
      started = true;
      seeded(0);
    },
    stop() {
      cancel?.();
      cancel = undefined;
    },
  };
}
