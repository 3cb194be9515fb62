import { describe, expect, it } from 'vitest';
import { signalHandler } from '../../../main/browser/shutdown';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('stopping on a signal', () => {
  function setUp() {
    let clock = 0;
    const exits: number[] = [];
    let stops = 0;
    let finish = () => {};
    const onSignal = signalHandler(
      () => {
        stops += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      quiet,
      { now: () => clock, exit: (code) => void exits.push(code) },
    );
    return {
      onSignal,
      exits,
      stops: () => stops,
      finish: () => finish(),
      advance: (ms: number) => (clock += ms),
    };
  }

  it('stops once and exits 0, whatever re-raises the signal at once (conf’s when-exit does)', async () => {
    const t = setUp();
    t.onSignal('SIGTERM');
    t.advance(5);
    t.onSignal('SIGTERM');
    expect(t.stops()).toBe(1);
    expect(t.exits).toEqual([]);
    t.finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(t.exits).toEqual([0]);
  });

  it('exits at once on a second signal after the first second', () => {
    const t = setUp();
    t.onSignal('SIGINT');
    t.advance(1_500);
    t.onSignal('SIGINT');
    expect(t.stops()).toBe(1);
    expect(t.exits).toEqual([1]);
  });
});
