import { useEffect } from 'react';
import { useAuthStore } from './state/useAuthStore';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** How often the idle time is compared with the timeout. */
const CHECK_EVERY_MS = 15_000;

export const inactivityNotice = (minutes: number) =>
  `You were signed out after ${minutes} minutes without activity.`;

/**
 * The session timeout's console half: after `minutes` without a key, click, scroll or touch, the console
 * signs out (the server half is the token's lifetime). Time passed while the machine slept counts too:
 * the idle time is measured, not counted down.
 */
export function useInactivitySignOut(minutes: number, now: () => number = Date.now): void {
  useEffect(() => {
    let last = now();
    const touch = () => {
      last = now();
    };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, touch, { passive: true });
    const check = () => {
      if (now() - last < minutes * 60_000) return;
      const auth = useAuthStore.getState();
      if (auth.status !== 'authenticated') return;
      void auth.logout().then(() => useAuthStore.setState({ notice: inactivityNotice(minutes) }));
    };
    const timer = window.setInterval(check, Math.min(CHECK_EVERY_MS, minutes * 60_000));
    return () => {
      window.clearInterval(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, touch);
    };
  }, [minutes, now]);
}
