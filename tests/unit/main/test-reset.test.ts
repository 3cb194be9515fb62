import { describe, expect, it } from 'vitest';
import { testResetFromEnv } from '../../../main/browser/test-reset';

describe('the test builds reset switch (CONSOLE_TEST_RESET_FROM)', () => {
  it('names an absolute data folder to put back; anything else leaves it off', () => {
    expect(testResetFromEnv({ CONSOLE_TEST_RESET_FROM: '/tmp/console-pristine' })).toEqual({
      resetFrom: '/tmp/console-pristine',
    });
    for (const value of [undefined, '', 'relative/folder', './pristine'])
      expect(testResetFromEnv({ CONSOLE_TEST_RESET_FROM: value })).toEqual({});
    expect(testResetFromEnv({})).toEqual({});
  });
});
