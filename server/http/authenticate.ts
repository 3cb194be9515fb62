import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { TokenError } from '../auth/tokens';
import { findUserById, isUuid, toSessionUser } from '../auth/users';
import type { ServerContext } from '../context';
import { HttpError, authRequired } from './errors';

/**
 * Checks the bearer token and loads its user and the permissions of the user's role from the database on
 * every request, so that a disabled account, a changed role or a revocation takes effect at once.
 */
export async function authenticate(request: FastifyRequest, ctx: ServerContext): Promise<SessionUser> {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw authRequired();

  let claims;
  try {
    claims = await ctx.tokens.verify(token);
  } catch (error) {
    if (error instanceof TokenError && error.reason === 'expired')
      throw new HttpError(401, ERRORS.sessionExpired);
    throw authRequired();
  }

  const found = isUuid(claims.userId) ? await findUserById(ctx.db, claims.userId) : undefined;
  if (!found) throw authRequired();
  const validAfter = found.user.tokensValidAfter?.getTime();
  if (validAfter !== undefined && claims.issuedAtMs < validAfter)
    throw new HttpError(401, ERRORS.sessionExpired);
  if (found.user.status !== 'active') throw new HttpError(401, ERRORS.accountDisabled);
  return toSessionUser(found);
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
