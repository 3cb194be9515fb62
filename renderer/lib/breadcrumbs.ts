/** Breadcrumbs of the page header: Home › group › title. */
import { routeForPath } from './navigation';

export interface Crumb {
  label: string;
  /** Set when the crumb is a link. */
  to?: string;
}

export const HOME_CRUMB: Crumb = { label: 'Home', to: '/' };

export function breadcrumbs(pathname: string): Crumb[] {
  const route = routeForPath(pathname);
  if (!route) return [HOME_CRUMB];
  return [HOME_CRUMB, { label: route.group }, { label: route.title }];
}
