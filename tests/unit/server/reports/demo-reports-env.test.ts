import { describe, expect, it } from 'vitest';
import { demoReportsFromEnv, resolveConfig } from '../../../../server/config';

describe('CONSOLE_DEMO_REPORTS', () => {
  it.each(['off', 'OFF', '0', 'false', 'no', ' off '])('"%s" turns the demo reports off', (value) => {
    expect(demoReportsFromEnv({ CONSOLE_DEMO_REPORTS: value })).toEqual({ demoReportsDelayMs: null });
    expect(resolveConfig(demoReportsFromEnv({ CONSOLE_DEMO_REPORTS: value })).demoReportsDelayMs).toBeNull();
  });

  it.each([undefined, '', 'on', '1'])('%s leaves the delay as configured', (value) => {
    const env = value === undefined ? {} : { CONSOLE_DEMO_REPORTS: value };
    expect(demoReportsFromEnv(env)).toEqual({});
    expect(resolveConfig(demoReportsFromEnv(env)).demoReportsDelayMs).toBe(20_000);
  });
});
