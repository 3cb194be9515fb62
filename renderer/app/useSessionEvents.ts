import { useEffect } from 'react';
import { onEvent } from '../lib/bridge';
import { organizationQueries } from '../features/organization/queries';
import { queryClient } from './queryClient';
import { useAuthStore } from './state/useAuthStore';
import { useOrganizationStore } from './state/useOrganizationStore';
import { useUiStore } from './state/useUiStore';

const SESSION_RECHECK_MS = 60_000;

/**
 * Starts the session check and the theme read, and listens to what the main process pushes: an expired
 * session (a 401 cleared the token, part 1 §4), a theme chosen in another window and an organization
 * switch. At sign-in the current organization is read (the stored one, else the first); at sign-out
 * the organization data of the previous user is dropped.
 */
export function useSessionEvents(): void {
  useEffect(() => {
    void useAuthStore.getState().verify();
    void useUiStore.getState().loadTheme();
  }, []);

  // The session is checked again every minute and whenever the window comes back into focus.
  useEffect(() => {
    const recheck = () => void useAuthStore.getState().recheck();
    const timer = window.setInterval(recheck, SESSION_RECHECK_MS);
    window.addEventListener('focus', recheck);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', recheck);
    };
  }, []);

  useEffect(() => onEvent('auth:expired', ({ message }) => useAuthStore.getState().expire(message)), []);

  const status = useAuthStore((state) => state.status);
  useEffect(() => {
    if (status === 'authenticated') {
      void useOrganizationStore.getState().load();
    } else if (status === 'unauthenticated') {
      useOrganizationStore.getState().reset();
      queryClient.removeQueries({ queryKey: organizationQueries.all() });
    }
  }, [status]);

  useEffect(
    () =>
      onEvent('orgs:switched', ({ organizationId }) => {
        // This window's own switch already reloaded; this is for the others.
        if (useOrganizationStore.getState().currentId === organizationId) return;
        useOrganizationStore.getState().setCurrent(organizationId);
        void queryClient.resetQueries({ queryKey: organizationQueries.one(organizationId) });
      }),
    [],
  );

  useEffect(
    () => onEvent('settings:themeChanged', ({ theme }) => useUiStore.getState().applyStoredTheme(theme)),
    [],
  );
}
