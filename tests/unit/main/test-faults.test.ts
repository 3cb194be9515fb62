import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testFaultsFromEnv } from '../../../main/browser/test-faults';
import { clockFrom } from '../../../server/testing/faults';

describe('the test builds fault switch, as the hosts pass it', () => {
  it('is off unless CONSOLE_TEST_FAULTS is exactly 1', () => {
    expect(testFaultsFromEnv({})).toEqual({});
    for (const value of ['', '0', 'true', 'yes', ' 1'])
      expect(testFaultsFromEnv({ CONSOLE_TEST_FAULTS: value, CONSOLE_TEST_EVALUATION_SECONDS: '5' })).toEqual(
        {},
      );
  });

  it('shortens the evaluation interval only within 1 to 60 seconds', () => {
    expect(testFaultsFromEnv({ CONSOLE_TEST_FAULTS: '1' })).toEqual({ testFaults: {} });
    expect(testFaultsFromEnv({ CONSOLE_TEST_FAULTS: '1', CONSOLE_TEST_EVALUATION_SECONDS: '5' })).toEqual({
      testFaults: { evaluationIntervalMs: 5_000 },
    });
    for (const bad of ['0', '61', '2.5', 'soon'])
      expect(testFaultsFromEnv({ CONSOLE_TEST_FAULTS: '1', CONSOLE_TEST_EVALUATION_SECONDS: bad })).toEqual({
        testFaults: {},
      });
  });

  it('starts the server clock at CONSOLE_TEST_NOW, a valid instant, only with the switch on', () => {
    const at = '2026-03-14T22:00:00.000Z';
    expect(testFaultsFromEnv({ CONSOLE_TEST_NOW: at })).toEqual({});
    expect(testFaultsFromEnv({ CONSOLE_TEST_FAULTS: '1', CONSOLE_TEST_NOW: at })).toEqual({
      testFaults: { startAt: Date.parse(at) },
    });
    expect(testFaultsFromEnv({ CONSOLE_TEST_FAULTS: '1', CONSOLE_TEST_NOW: 'tonight' })).toEqual({
      testFaults: {},
    });
  });

  it('runs that clock on at the real pace', () => {
    let real = 1_000;
    const now = clockFrom(50_000, () => real);
    expect(now()).toBe(50_000);
    real += 2_500;
    expect(now()).toBe(52_500);
  });

  it('is never read by the Electron host, the entry of the packaged app', () => {
    // The packaged app runs main/electron/index.ts (dist/main/electron.js); only the browser host passes
    // the switch to its server. Nothing under main/electron or main/core may read the variables.
    const electron = readFileSync('main/electron/index.ts', 'utf8');
    expect(electron).not.toMatch(/test-faults|testFaults|CONSOLE_TEST_/);
    expect(readFileSync('main/browser/index.ts', 'utf8')).toMatch(/testFaultsFromEnv\(process\.env\)/);
  });
});
