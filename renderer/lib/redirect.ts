/** Where a visitor goes after signing in (part 1 §2): back to the page first asked for, else home. */
import { LOGIN_PATH, type GuardSubject } from '../../shared/routes';
import { homePath } from './navigation';

/** The router state the login redirect carries: `{ from: "/settings?tab=x" }`. */
export interface LoginRedirectState {
  from: string;
}

export function loginRedirectState(pathname: string, search = '', hash = ''): LoginRedirectState {
  return { from: `${pathname}${search}${hash}` };
}

/** Reads `from` out of untrusted router state; only in-app paths are kept. */
export function redirectFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('from' in state)) return undefined;
  const from = (state as { from: unknown }).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return undefined;
  const pathname = from.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/' || pathname === LOGIN_PATH) return undefined;
  return from;
}

export function postLoginTarget(state: unknown, subject: GuardSubject): string {
  return redirectFrom(state) ?? homePath(subject);
}
