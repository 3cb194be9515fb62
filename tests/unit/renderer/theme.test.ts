import { describe, expect, it } from 'vitest';
import { nextTheme } from '../../../shared/constants';
import { effectiveTheme } from '../../../renderer/lib/theme';

describe('theme resolution', () => {
  it('keeps an explicit choice whatever the system prefers', () => {
    expect(effectiveTheme('light', true)).toBe('light');
    expect(effectiveTheme('dark', false)).toBe('dark');
  });

  it('follows the system preference on auto', () => {
    expect(effectiveTheme('auto', true)).toBe('dark');
    expect(effectiveTheme('auto', false)).toBe('light');
  });

  it('cycles light, dark, auto', () => {
    expect(nextTheme('light')).toBe('dark');
    expect(nextTheme('dark')).toBe('auto');
    expect(nextTheme('auto')).toBe('light');
  });
});
