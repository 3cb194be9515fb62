import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { TokenError } from '../auth/tokens';
import { isUuid } from '../auth/users';
import { authenticateApiKey, looksLikeApiKey } from '../integrations/api-key-auth';
import type { ServerContext } from '../context';
import { HttpError, authRequired } from './errors';

/**
 * Checks the bearer token against its user and the permissions of the user's role, as the principal cache
 * holds them: the database announces every change to them (triggers, LISTEN/NOTIFY), so a disabled
 * account, a changed role or a revocation takes effect at once without a read per request.
 */
export async function authenticate(request: FastifyRequest, ctx: ServerContext): Promise<SessionUser> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw authRequired();
  if (looksLikeApiKey(token)) return authenticateApiKey(request, ctx, token);

  let claims;
  try {
    claims = await ctx.tokens.verify(token);
  } catch (error) {
    if (error instanceof TokenError && error.reason === 'expired')
      throw new HttpError(401, ERRORS.sessionExpired);
    throw authRequired();
  }

  const found = isUuid(claims.userId) ? await ctx.principals.principal(claims.userId) : undefined;
  if (!found) throw authRequired();
  const validAfter = found.user.tokensValidAfter?.getTime();
  if (validAfter !== undefined && claims.issuedAtMs < validAfter)
    throw new HttpError(401, ERRORS.sessionExpired);
  if (found.user.status !== 'active') throw new HttpError(401, ERRORS.accountDisabled);
  return found.session;
}

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header or none. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
