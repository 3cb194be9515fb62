import { z } from 'zod';
import { DEMO_ALERTS } from '../../shared/alerts';
import type { JobRunner } from '../jobs/runner';
import type { NewAlert } from './store';

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

/** The demonstration's queue: one job per step, each sending the next, so it survives a restart. */
export const DEMO_ALERTS_QUEUE = 'demo-alerts';

const demoStepData = z.object({ step: z.number().int().min(0) });

/**
 * One step of the demonstration: the seeded alerts two seconds apart, then every 30 s a 20 % chance of
 * a random one. Answers the alert to publish, if any, and the step after it.
 */
export function demoStep(
  step: number,
  random: () => number,
): { alert: NewAlert | undefined; next: { step: number; delayMs: number } } {
  const seeded = SEEDED_DEMO_ALERTS[step];
  if (seeded) {
    const last = step === SEEDED_DEMO_ALERTS.length - 1;
    return {
      alert: seeded,
      next: {
        step: step + 1,
        delayMs: last ? DEMO_ALERTS.randomIntervalMs : DEMO_ALERTS.seededIntervalMs,
      },
    };
  }
  const alert = random() < DEMO_ALERTS.randomChance ? randomDemoAlert(random) : undefined;
  return { alert, next: { step: SEEDED_DEMO_ALERTS.length, delayMs: DEMO_ALERTS.randomIntervalMs } };
}

export interface DemoAlerts {
  /** Starts the demonstration, once: later calls, and any instance's while a step waits, do nothing. */
  start(): void;
}

/**
 * Demo mode only: the demonstration alerts as a chain of jobs on the runner, stored and streamed like
 * any other alert. `stately` keeps one step waiting at most, so several instances (or a restart, which
 * finds the next step waiting) play one demonstration, not one each.
 */
export async function defineDemoAlerts(
  jobs: JobRunner,
  options: {
    publish: (alert: NewAlert) => Promise<unknown>;
    random: () => number;
    onError: (error: unknown) => void;
  },
): Promise<DemoAlerts> {
  await jobs.define(
    DEMO_ALERTS_QUEUE,
    async ({ step }) => {
      const { alert, next } = demoStep(step, options.random);
      if (alert) await options.publish(alert);
      await jobs.send(DEMO_ALERTS_QUEUE, { step: next.step }, { startAfterSeconds: next.delayMs / 1000 });
    },
    {
      data: demoStepData,
      policy: 'stately',
      retries: 2,
      retryDelaySeconds: 1,
      // Its steps' pace: a due step waits at most this long when no notification woke the worker.
      pollingIntervalSeconds: 0.5,
      keepCompletedSeconds: 3_600,
    },
  );
  let started = false;
  return {
    start() {
      if (started) return;
      started = true;
      jobs.send(DEMO_ALERTS_QUEUE, { step: 0 }).catch(options.onError);
    },
  };
}
