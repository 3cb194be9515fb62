import { ERRORS } from '../../../shared/errors';
import type { ClientOptions } from './http';

/**
 * Part 1 §4, the one place of the rule: a 401 on a call that carried the token ends the session — the
 * token is cleared and `onUnauthorized` fires (main pushes 'auth:expired'; the renderer signs out).
 * Used by both clients, the export download and the alert relay. A 401 without a token (a public call:
 * wrong password) is an ordinary failure; a token replaced meanwhile (a new sign-in) is left alone.
 * Answers whether the session ended, so the caller stops.
 */
export function endSessionOn401(
  options: Pick<ClientOptions, 'tokens' | 'onUnauthorized'>,
  status: number,
  token: string | null,
): boolean {
  if (status !== 401 || token === null) return false;
  if (options.tokens.getToken() === token) {
    options.tokens.clearToken();
    options.onUnauthorized?.(ERRORS.authRequired);
  }
  return true;
}
