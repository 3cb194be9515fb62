/** Which routes and navigation groups a user may see, from the shared route table. */
import {
  CONSOLE_ROUTES,
  HOME_PATH,
  NAV_GROUPS,
  firstAllowedPath,
  passesGuard,
  showsInNavigation,
  type ConsolePath,
  type GuardSubject,
  type NavGroup,
} from '../../shared/routes';

/** A row of the route table, with its path typed as one of the console's paths. */
export type ConsoleRoute = (typeof CONSOLE_ROUTES)[number];

export interface SessionSubjectSource {
  role: string;
  permissions: readonly string[];
}

export function guardSubject(user: SessionSubjectSource): GuardSubject {
  return { role: user.role, permissions: user.permissions };
}

export function routeForPath(pathname: string): ConsoleRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CONSOLE_ROUTES.find((route) => route.path === path);
}

export interface NavSection {
  group: NavGroup;
  routes: ConsoleRoute[];
}

/** The navigation groups in their fixed order, each with the routes the subject passes; empty groups are left out. */
export function navSections(subject: GuardSubject): NavSection[] {
  const allowed = CONSOLE_ROUTES.filter((route) => showsInNavigation(route.guard, subject));
  return NAV_GROUPS.map((group) => ({
    group,
    routes: allowed.filter((route) => route.group === group),
  })).filter((section) => section.routes.length > 0);
}

/** Where "/" leads: the dashboard when the subject may open it, else the first route it may open. */
export function homePath(subject: GuardSubject): string {
  const home = routeForPath(HOME_PATH);
  if (home && passesGuard(home.guard, subject)) return HOME_PATH;
  return firstAllowedPath(subject);
}

/** The title of a console route, as the route table spells it. */
export function routeTitle(path: ConsolePath): string {
  return CONSOLE_ROUTES.find((route) => route.path === path)?.title ?? path;
}
