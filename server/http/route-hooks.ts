import type { RouteOptions } from 'fastify';

/**
 * A route's hooks of one kind with `hook` after them, for Fastify's `onRoute`: a hook that concerns a few
 * routes is given to those when they are registered, instead of running for every request to ask whether
 * it concerns this one (issue 27 item 4: the authenticated hot path at ≥ 60 % of a bare route). A route's
 * own hooks run after the global hooks of their kind.
 */
export function appended<H>(existing: H | readonly H[] | undefined, hook: H): H[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [...(existing as readonly H[]), hook] : [existing as H, hook];
}

/** The method of a route as the router registers it (one per route). */
export const methodOf = (route: RouteOptions): string =>
  Array.isArray(route.method) ? String(route.method[0]) : String(route.method);

/** A request URL's path, without its query (no array made, unlike split: it runs on every request). */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
