import type { Theme } from '../../shared/constants';

export type EffectiveTheme = 'light' | 'dark';

/** The theme actually drawn: 'auto' follows the system preference. */
export function effectiveTheme(choice: Theme, systemPrefersDark: boolean): EffectiveTheme {
  if (choice === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}
