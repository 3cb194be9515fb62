/**
 * The evaluation state machine on synthetic series with a fake clock: pending, firing, keep-firing,
 * no data and errors as the rule says, and transitions only where notifications are due.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateSeries,
  fingerprint,
  type EvaluationSettings,
  type Observation,
  type SeriesInstance,
  type Transition,
} from '../../../../server/alerts/state';

const MINUTE = 60_000;
const above500 = { operator: '>' as const, threshold: 500 };
const base: EvaluationSettings = { pendingMs: 0, keepFiringMs: 0, noData: 'normal', error: 'keep' };

/** Runs a series one observation a minute from t=0; answers the states and transitions seen. */
function run(observations: (number | 'nodata' | 'error')[], settings: Partial<EvaluationSettings> = {}) {
  let instance: SeriesInstance | undefined;
  const states: string[] = [];
  const transitions: (Transition | null)[] = [];
  observations.forEach((o, i) => {
    const observation: Observation =
      o === 'nodata'
        ? { kind: 'nodata' }
        : o === 'error'
          ? { kind: 'error', message: 'boom' }
          : { kind: 'value', value: o };
    const step = evaluateSeries(instance, observation, above500, { ...base, ...settings }, i * MINUTE);
    instance = step.next;
    states.push(step.next.state);
    transitions.push(step.transition);
  });
  return { states, transitions, instance: instance! };
}

describe('the evaluation state machine', () => {
  it('fires at once with a pending period of 0, and resolves when the condition clears', () => {
    const { states, transitions } = run([100, 600, 700, 100]);
    expect(states).toEqual(['normal', 'firing', 'firing', 'normal']);
    expect(transitions).toEqual([null, 'fired', null, 'resolved']);
  });

  it('goes pending, then fires once the condition held for the pending period', () => {
    const { states, transitions, instance } = run([600, 600, 600, 600, 100], { pendingMs: 3 * MINUTE });
    expect(states).toEqual(['pending', 'pending', 'pending', 'firing', 'normal']);
    expect(transitions).toEqual([null, null, null, 'fired', 'resolved']);
    expect(instance.value).toBe(100);
  });

  it('returns to normal without notifying when the condition clears while pending', () => {
    const { states, transitions } = run([600, 600, 100, 600], { pendingMs: 5 * MINUTE });
    expect(states).toEqual(['pending', 'pending', 'normal', 'pending']);
    expect(transitions.every((t) => t === null)).toBe(true);
  });

  it('keeps firing for the keep-firing period (Recovering), then resolves', () => {
    const { states, transitions } = run([600, 100, 100, 100], { keepFiringMs: 2 * MINUTE });
    expect(states).toEqual(['firing', 'recovering', 'recovering', 'normal']);
    expect(transitions).toEqual(['fired', null, null, 'resolved']);
  });

  it('goes back to firing without a second notification when the condition returns while recovering', () => {
    const { states, transitions } = run([600, 100, 600, 100, 100, 100], { keepFiringMs: 2 * MINUTE });
    expect(states).toEqual(['firing', 'recovering', 'firing', 'recovering', 'recovering', 'normal']);
    expect(transitions.filter((t) => t === 'fired')).toHaveLength(1);
    expect(transitions.at(-1)).toBe('resolved');
  });

  it('treats no data as the rule says: alerting, normal, or keep the last state', () => {
    expect(run([600, 'nodata'], { noData: 'normal' }).transitions).toEqual(['fired', 'resolved']);
    expect(run([100, 'nodata'], { noData: 'alerting' }).transitions).toEqual([null, 'fired']);
    const kept = run([600, 'nodata', 'nodata'], { noData: 'keep' });
    expect(kept.states).toEqual(['firing', 'firing', 'firing']);
    expect(kept.instance.health).toBe('nodata');
    expect(kept.instance.value).toBe(600);
  });

  it('treats an evaluation error as the rule says', () => {
    expect(run([600, 'error'], { error: 'keep' }).states).toEqual(['firing', 'firing']);
    expect(run([600, 'error'], { error: 'normal' }).transitions).toEqual(['fired', 'resolved']);
    const alerting = run([100, 'error', 'error'], { error: 'alerting', pendingMs: MINUTE });
    expect(alerting.states).toEqual(['normal', 'pending', 'firing']);
    expect(alerting.instance.health).toBe('error');
  });

  it('never resolves what did not fire, and fires and resolves alternately, on any series', () => {
    const value = fc.oneof(
      fc.integer({ min: 0, max: 1000 }),
      fc.constant('nodata' as const),
      fc.constant('error' as const),
    );
    const settings = fc.record({
      pendingMs: fc.integer({ min: 0, max: 4 }).map((m) => m * MINUTE),
      keepFiringMs: fc.integer({ min: 0, max: 4 }).map((m) => m * MINUTE),
      noData: fc.constantFrom('alerting' as const, 'normal' as const, 'keep' as const),
      error: fc.constantFrom('alerting' as const, 'normal' as const, 'keep' as const),
    });
    fc.assert(
      fc.property(fc.array(value, { maxLength: 60 }), settings, (series, s) => {
        const { transitions, states } = run(series, s);
        const events = transitions.filter((t) => t !== null);
        events.forEach((t, i) => expect(t).toBe(i % 2 === 0 ? 'fired' : 'resolved'));
        // Whoever is firing or recovering has fired once more than it resolved.
        const open = states.at(-1) === 'firing' || states.at(-1) === 'recovering';
        if (series.length) expect(events.length % 2 === 1).toBe(open);
      }),
    );
  });

  it('keys a label set by its sorted pairs', () => {
    expect(fingerprint({ route: 'GET /a', instance: 'x' })).toBe(
      fingerprint({ instance: 'x', route: 'GET /a' }),
    );
    expect(fingerprint({ route: 'a' })).not.toBe(fingerprint({ route: 'b' }));
  });
});
