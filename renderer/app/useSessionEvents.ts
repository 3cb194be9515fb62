import { useEffect } from 'react';
import { onEvent } from '../lib/bridge';
import { useAuthStore } from './state/useAuthStore';
import { useUiStore } from './state/useUiStore';

/**
 * Starts the session check and the theme read, and listens to what the main process pushes: an expired
 * session (a 401 cleared the token, part 1 §4) and a theme chosen in another window.
 */
export function useSessionEvents(): void {
  useEffect(() => {
    void useAuthStore.getState().verify();
    void useUiStore.getState().loadTheme();
  }, []);

  useEffect(() => onEvent('auth:expired', ({ message }) => useAuthStore.getState().expire(message)), []);

  useEffect(
    () => onEvent('settings:themeChanged', ({ theme }) => useUiStore.getState().applyStoredTheme(theme)),
    [],
  );
}
