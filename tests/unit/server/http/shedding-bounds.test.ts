import { describe, expect, it } from 'vitest';
import { DEFAULT_SHEDDING, resilienceFromEnv } from '../../../../server/config';
import { eventLoopDelayBound } from '../../../../server/http/shedding';

describe('the event-loop bound of the load shedding', () => {
  it('is off on PGlite by default: its queries hold the loop by design, and the next sign-in must not be shed', () => {
    expect(eventLoopDelayBound(DEFAULT_SHEDDING, 'pglite')).toBe(0);
    expect(eventLoopDelayBound(resilienceFromEnv({}).shedding, 'pglite')).toBe(0);
  });

  it('is 1,000 ms on PostgreSQL by default', () => {
    expect(eventLoopDelayBound(resilienceFromEnv({}).shedding, 'postgres')).toBe(1_000);
  });

  it('is what SHED_EVENT_LOOP_DELAY_MS says on either engine, 0 included', () => {
    const set = resilienceFromEnv({ SHED_EVENT_LOOP_DELAY_MS: '750' }).shedding;
    expect(eventLoopDelayBound(set, 'pglite')).toBe(750);
    expect(eventLoopDelayBound(set, 'postgres')).toBe(750);
    expect(
      eventLoopDelayBound(resilienceFromEnv({ SHED_EVENT_LOOP_DELAY_MS: '0' }).shedding, 'postgres'),
    ).toBe(0);
  });
});
