import { performance } from 'node:perf_hooks';
import { SignJWT, errors, jwtVerify } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../shared/constants';
import { createExpiringLru } from './lru';

const ALGORITHM = 'HS256';
/**
 * The issue time in milliseconds. `iat` has whole seconds only: comparing it with a logout would either
 * keep tokens issued earlier in that second or refuse a new sign-in made in the same second.
 */
const ISSUED_AT_MS_CLAIM = 'iat_ms';
/**
 * Tokens verified already, by their exact text: jose's HMAC through WebCrypto was most of an authenticated
 * request's time (--cpu-prof of bench/auth.ts). A signature verified once stays verified; expiry is
 * checked again on every hit, and revocation is the caller's (against the principal) as before.
 */
const VERIFIED_TOKENS = 10_000;

export interface TokenClaims {
  userId: string;
  issuedAtMs: number;
}

export type TokenFailure = 'invalid' | 'expired';

export class TokenError extends Error {
  constructor(readonly reason: TokenFailure) {
    super(`Token ${reason}`);
    this.name = 'TokenError';
  }
}

export interface TokenService {
  /** `lifetimeMinutes`: the session timeout in force (the service's default otherwise). */
  issue(userId: string, lifetimeMinutes?: number): Promise<{ token: string; issuedAtMs: number }>;
  /** Throws TokenError. Revocation is checked by the caller, against the user's principal. */
  verify(token: string): Promise<TokenClaims>;
  /**
   * The claims of a token this service has verified already and that has not expired, without a check of
   * its own (a lookup, for the hot path); undefined for any other token: then `verify` decides.
   */
  known(token: string): TokenClaims | undefined;
}

export interface TokenServiceOptions {
  secret: Uint8Array;
  lifetimeMinutes: number;
  now: () => number;
}

export function createTokenService({ secret, lifetimeMinutes, now }: TokenServiceOptions): TokenService {
  const verified = createExpiringLru<string, TokenClaims & { expiresAt: number }>(VERIFIED_TOKENS, () =>
    performance.now(),
  );
  /**
   * The last token looked up and its claims: a request looks its token up twice in a row (the settings
   * guard, then authentication, in the same tick), and the second lookup needs no hashing of a fresh
   * 200-character string nor a walk of the LRU. Expiry is still checked on every lookup.
   */
  let last: { token: string; claims: TokenClaims & { expiresAt: number } } | undefined;
  const lookUp = (token: string) => {
    if (last?.token === token) return last.claims;
    const claims = verified.get(token);
    if (claims) last = { token, claims };
    return claims;
  };
  return {
    async issue(userId, lifetime = lifetimeMinutes) {
      const issuedAtMs = now();
      const issuedAt = Math.floor(issuedAtMs / 1000);
      const token = await new SignJWT({ [ISSUED_AT_MS_CLAIM]: issuedAtMs })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + lifetime * 60)
        .sign(secret);
      return { token, issuedAtMs };
    },

    known(token) {
      const known = lookUp(token);
      // jose's rule: expired once `exp` (whole seconds) is at or before the current second.
      if (!known || known.expiresAt <= Math.floor(now() / 1000)) return undefined;
      return { userId: known.userId, issuedAtMs: known.issuedAtMs };
    },

    async verify(token) {
      const known = lookUp(token);
      if (known) {
        if (known.expiresAt <= Math.floor(now() / 1000)) throw new TokenError('expired');
        return { userId: known.userId, issuedAtMs: known.issuedAtMs };
      }
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub', ISSUED_AT_MS_CLAIM],
          currentDate: new Date(now()),
        });
        const issuedAtMs = payload[ISSUED_AT_MS_CLAIM];
        if (
          typeof payload.sub !== 'string' ||
          typeof issuedAtMs !== 'number' ||
          typeof payload.exp !== 'number'
        )
          throw new TokenError('invalid');
        verified.set(
          token,
          { userId: payload.sub, issuedAtMs, expiresAt: payload.exp },
          lifetimeMinutes * 60_000,
        );
        return { userId: payload.sub, issuedAtMs };
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}
