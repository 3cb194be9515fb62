/** The demonstration alerts (part 1 §2, §9) on an injected clock and chance. */
import { describe, expect, it } from 'vitest';
import { DEMO_ALERTS, streamedAlert } from '../../../shared/alerts';
import {
  SEEDED_DEMO_ALERTS,
  createDemoEmitter,
  randomDemoAlert,
  type DemoEmitterOptions,
} from '../../../server/alerts/demo';
import type { NewAlert } from '../../../server/alerts/store';
import { createManualSchedule } from '../../support/schedule';

function emitter(randoms: number[], overrides: Partial<DemoEmitterOptions> = {}) {
  const clock = createManualSchedule();
  const published: { at: number; alert: NewAlert }[] = [];
  const errors: unknown[] = [];
  let i = 0;
  const demo = createDemoEmitter({
    publish: async (alert) => void published.push({ at: clock.now, alert }),
    schedule: clock.schedule,
    random: () => randoms[i++ % randoms.length] ?? 0,
    onError: (error) => errors.push(error),
    ...overrides,
  });
  return { clock, published, errors, demo };
}

describe('demo alert emitter', () => {
  it('adds the seeded alerts two seconds apart, from the start', () => {
    const { clock, published, demo } = emitter([0.99]);
    demo.start();
    clock.advance(DEMO_ALERTS.seededIntervalMs * (SEEDED_DEMO_ALERTS.length - 1));
    expect(published.map((p) => p.at)).toEqual(
      SEEDED_DEMO_ALERTS.map((_, i) => i * DEMO_ALERTS.seededIntervalMs),
    );
    expect(published.map((p) => p.alert)).toEqual(SEEDED_DEMO_ALERTS);
  });

  it('then every 30 s adds a random alert with a 20 % chance', () => {
    // Draws: below 0.2 adds one (then two draws for its content), at or above does not.
    const { clock, published, demo } = emitter([0.5, 0.2, 0.19, 0.1, 0.5, 0.7, 0.25]);
    demo.start();
    const seededEnd = DEMO_ALERTS.seededIntervalMs * SEEDED_DEMO_ALERTS.length;
    clock.advance(seededEnd);
    expect(published).toHaveLength(SEEDED_DEMO_ALERTS.length);

    clock.advance(DEMO_ALERTS.randomIntervalMs - 1);
    expect(published).toHaveLength(SEEDED_DEMO_ALERTS.length);
    clock.advance(1); // draw 0.5: none
    expect(published).toHaveLength(SEEDED_DEMO_ALERTS.length);
    clock.advance(DEMO_ALERTS.randomIntervalMs); // draw 0.2: none (a 20 % chance is below 0.2)
    expect(published).toHaveLength(SEEDED_DEMO_ALERTS.length);
    clock.advance(DEMO_ALERTS.randomIntervalMs); // draw 0.19: one; 0.1 picks the revenue update
    const random = published.slice(SEEDED_DEMO_ALERTS.length);
    expect(random).toHaveLength(1);
    expect(random[0]?.at).toBe(seededEnd + 3 * DEMO_ALERTS.randomIntervalMs);
    expect(random[0]?.alert).toMatchObject({
      title: 'Daily Revenue Update',
      type: 'revenue',
      category: 'business',
    });
  });

  it('makes a daily revenue update or new trial signups, both valid alerts', () => {
    const revenue = randomDemoAlert(sequence([0.1, 0.5, 0.5]));
    expect(revenue).toMatchObject({ title: 'Daily Revenue Update', metadata: { value: 1_700, change: 2 } });
    expect(revenue.message).toBe("Today's revenue: $1,700.");
    const trials = randomDemoAlert(sequence([0.9, 0]));
    expect(trials).toMatchObject({ title: 'New Trial Signups', type: 'info', metadata: { value: 1 } });
    expect(trials.message).toBe('1 new center started a trial today.');
    expect(randomDemoAlert(sequence([0.9, 0.99])).message).toBe('5 new centers started a trial today.');
    for (const alert of [revenue, trials, ...SEEDED_DEMO_ALERTS]) {
      expect(
        streamedAlert.safeParse({ ...alert, id: 'x', timestamp: new Date(0).toISOString() }).success,
      ).toBe(true);
    }
  });

  it('starts once, stops for good, and reports a failed store without stopping', async () => {
    const failing = emitter([0.99], { publish: async () => Promise.reject(new Error('database gone')) });
    failing.demo.start();
    failing.demo.start();
    failing.clock.advance(DEMO_ALERTS.seededIntervalMs);
    await new Promise((resolve) => setImmediate(resolve));
    expect(failing.errors).toHaveLength(2);

    const { clock, published, demo } = emitter([0.1]);
    demo.start();
    demo.stop();
    clock.advance(10 * DEMO_ALERTS.randomIntervalMs);
    expect(published).toHaveLength(1);
    expect(clock.pending).toBe(0);
  });
});

function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[i++] ?? 0;
}
