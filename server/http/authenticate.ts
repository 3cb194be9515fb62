import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import type { Principal } from '../auth/principals';
import { TokenError, type TokenClaims } from '../auth/tokens';
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
  return admitted(found, claims);
}

/**
 * The hot path of `authenticate`, without a promise: the session of a token this instance verified before
 * whose user's principal it holds now — nearly every request of a signed-in console. Undefined when
 * anything has to be read or checked first (another token, an API key, a principal not held): then
 * `authenticate` decides. Refuses exactly as `authenticate` does.
 */
export function authenticateKnown(request: FastifyRequest, ctx: ServerContext): SessionUser | undefined {
  const token = bearerToken(request.headers.authorization);
  if (!token || looksLikeApiKey(token)) return undefined;
  const claims = ctx.tokens.known(token);
  if (!claims || !isUuid(claims.userId)) return undefined;
  const found = ctx.principals.cached(claims.userId);
  return found ? admitted(found, claims) : undefined;
}

function admitted(found: Principal | undefined, claims: TokenClaims): SessionUser {
  if (!found) throw authRequired();
  const validAfter = found.user.tokensValidAfter?.getTime();
  if (validAfter !== undefined && claims.issuedAtMs < validAfter)
    throw new HttpError(401, ERRORS.sessionExpired);
  if (found.user.status !== 'active') throw new HttpError(401, ERRORS.accountDisabled);
  return found.session;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const PREFIX = 'Bearer ';

/** The last header read and its token: a request's header is read twice (the settings guard, then authentication). */
let lastHeader = '';
let lastToken: string | undefined;

/** The token of an `Authorization: Bearer <token>` header; undefined for any other header or none. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  if (header === lastHeader) return lastToken;
  lastToken = readBearer(header);
  lastHeader = header;
  return lastToken;
}

function readBearer(header: string): string | undefined {
  // The form every client sends, read without a regular expression (it runs twice per request); any
  // other form (another case, more spaces, a tab) is read by the expression.
  if (header.startsWith(PREFIX) && header.length > PREFIX.length && !hasSpaceFrom(header, PREFIX.length))
    return header.slice(PREFIX.length);
  return BEARER.exec(header)?.[1];
}

/** Whether the text has a character `\s` matches from `start` on (header values are Latin-1). */
function hasSpaceFrom(text: string, start: number): boolean {
  for (let index = start; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 32 || (code >= 9 && code <= 13) || code === 160 || code > 255) return true;
  }
  return false;
}
