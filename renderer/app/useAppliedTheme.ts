import { useEffect, useSyncExternalStore } from 'react';
import { effectiveTheme } from '../lib/theme';
import { useUiStore } from './state/useUiStore';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const prefersDark = () => window.matchMedia(DARK_QUERY).matches;

/** The system preference, followed live. */
export function usePrefersDark(): boolean {
  return useSyncExternalStore(subscribe, prefersDark);
}

/** Puts the theme on <html>: `data-theme` is the choice, the `dark` class the effective theme. */
export function useAppliedTheme(): void {
  const theme = useUiStore((state) => state.theme);
  const systemDark = usePrefersDark();
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.theme = theme;
    root.classList.toggle('dark', effectiveTheme(theme, systemDark) === 'dark');
  }, [theme, systemDark]);
}
