/** The demonstration alerts (part 1 §2, §9): the steps of their chain of jobs, on an injected chance. */
import { describe, expect, it } from 'vitest';
import { DEMO_ALERTS } from '../../../../shared/alerts';
import {
  RANDOM_DEMO_ALERTS,
  SEEDED_DEMO_ALERTS,
  demoStep,
  milestoneBelow,
  randomDemoKind,
  windowText,
} from '../../../../server/alerts/demo';

describe('demo alert steps', () => {
  it('sends the seeded alerts two seconds apart, then waits 30 s', () => {
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
    // Draws: below 0.2 adds one (then one draw for its kind), at or above does not.
    expect(demoStep(after, sequence([0.5]))).toEqual({ alert: undefined, next: again });
    expect(demoStep(after, sequence([0.2]))).toEqual({ alert: undefined, next: again });
    const drawn = demoStep(after + 7, sequence([0.19, 0.1]));
    expect(drawn.next).toEqual(again);
    expect(drawn.alert).toBe(RANDOM_DEMO_ALERTS.revenue);
    expect(demoStep(after, sequence([0.1, 0.9])).alert).toBe(RANDOM_DEMO_ALERTS.trials);
  });

  it('makes a daily revenue update or new trial signups', () => {
    expect(randomDemoKind(() => 0.1)).toMatchObject({ title: 'Daily Revenue Update', type: 'revenue' });
    expect(randomDemoKind(() => 0.9)).toMatchObject({ title: 'New Trial Signups', type: 'info' });
  });
});

describe('demo alert texts', () => {
  it('names the round figure an MRR passed', () => {
    expect(milestoneBelow(6_295)).toBe(6_000);
    expect(milestoneBelow(45_280)).toBe(45_000);
    expect(milestoneBelow(999)).toBe(900);
    expect(milestoneBelow(0)).toBe(0);
  });

  it('says when a recurring window runs, across midnight too', () => {
    expect(windowText({ start: '02:00', minutes: 60, weekdays: [0, 1, 2, 3, 4, 5, 6] })).toBe(
      'from 02:00 to 03:00, every day',
    );
    expect(windowText({ start: '23:30', minutes: 90, weekdays: [6, 0] })).toBe(
      'from 23:30 to 01:00, on Sunday, Saturday',
    );
  });
});

function sequence(values: number[]): () => number {
  let i = 0;
  return () => values[i++] ?? 0;
}
