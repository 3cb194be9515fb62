import type { SessionUser } from '../../shared/api/auth';
import { HOME_PATH } from '../../shared/routes';
import { guardSubject, routeForPath } from '../lib/navigation';
import { postLoginTarget, redirectFrom } from '../lib/redirect';
import { AppLayout, SCREENS } from './screens';

/**
 * What a sign-in click starts while the password is checked (the hash takes about 0.4 s by design):
 * the code of the signed-in shell and of the screen the sign-in will most likely open (the one asked
 * for before it, else the dashboard). Answers what to start once the user is known: that screen's
 * first data, when it is the dashboard. Failures here are left to the real render, which loads the
 * code again and shows its error.
 */
export function warmUpSignIn(routerState: unknown): (user: SessionUser) => void {
  const expected = routeForPath((redirectFrom(routerState) ?? HOME_PATH).split(/[?#]/, 1)[0] ?? '');
  AppLayout.preload().catch(() => {});
  if (expected) SCREENS[expected.path].preload().catch(() => {});
  const dashboard = expected?.path === HOME_PATH ? import('../features/dashboard/prefetch') : null;
  dashboard?.catch(() => {});
  return (user) => {
    if (!dashboard || postLoginTarget(routerState, guardSubject(user)) !== HOME_PATH) return;
    dashboard.then((module) => module.prefetchDashboard(user)).catch(() => {});
  };
}
