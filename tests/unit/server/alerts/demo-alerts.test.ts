/** The demonstration alerts (part 1 §2, §9): the steps of their chain of jobs, on an injected chance. */
import { describe, expect, it } from 'vitest';
import { DEMO_ALERTS, streamedAlert } from '../../../../shared/alerts';
import { SEEDED_DEMO_ALERTS, demoStep, randomDemoAlert } from '../../../../server/alerts/demo';

describe('demo alert steps', () => {
  it('publishes the seeded alerts two seconds apart, then waits 30 s', () => {
    const steps = SEEDED_DEMO_ALERTS.map((_, step) => demoStep(step, () => 0.99));
    expect(steps.map((s) => s.alert)).toEqual(SEEDED_DEMO_ALERTS);
    expect(steps.map((s) => s.next)).toEqual(
      SEEDED_DEMO_ALERTS.map((_, step) => ({
        step: step + 1,
        delayMs:
          step === SEEDED_DEMO_ALERTS.length - 1
            ? DEMO_ALERTS.randomIntervalMs
            : DEMO_ALERTS.seededIntervalMs,
      })),
    );
  });

  it('then every 30 s adds a random alert with a 20 % chance', () => {
    const after = SEEDED_DEMO_ALERTS.length;
    const again = { step: after, delayMs: DEMO_ALERTS.randomIntervalMs };
    // Draws: below 0.2 adds one (then two draws for its content), at or above does not.
    expect(demoStep(after, sequence([0.5]))).toEqual({ alert: undefined, next: again });
    expect(demoStep(after, sequence([0.2]))).toEqual({ alert: undefined, next: again });
    const drawn = demoStep(after + 7, sequence([0.19, 0.1, 0.5]));
    expect(drawn.next).toEqual(again);
    expect(drawn.alert).toMatchObject({
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
});

function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[i++] ?? 0;
}
