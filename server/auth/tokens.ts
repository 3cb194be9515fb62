import { SignJWT, errors, jwtVerify } from 'jose';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../shared/constants';

const ALGORITHM = 'HS256';
/**
 * The issue time in milliseconds. `iat` has whole seconds only: comparing it with a logout would either
 * keep tokens issued earlier in that second or refuse a new sign-in made in the same second.
 */
const ISSUED_AT_MS_CLAIM = 'iat_ms';

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
  /** Throws TokenError. Revocation is checked by the caller, against the user's row. */
  verify(token: string): Promise<TokenClaims>;
}

export interface TokenServiceOptions {
  secret: Uint8Array;
  lifetimeMinutes: number;
  now: () => number;
}

export function createTokenService({ secret, lifetimeMinutes, now }: TokenServiceOptions): TokenService {
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

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [ALGORITHM],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['exp', 'iat', 'iss', 'aud', 'sub', ISSUED_AT_MS_CLAIM],
          currentDate: new Date(now()),
        });
        const issuedAtMs = payload[ISSUED_AT_MS_CLAIM];
        if (typeof payload.sub !== 'string' || typeof issuedAtMs !== 'number')
          throw new TokenError('invalid');
        return { userId: payload.sub, issuedAtMs };
      } catch (error) {
        if (error instanceof TokenError) throw error;
        if (error instanceof errors.JWTExpired) throw new TokenError('expired');
        throw new TokenError('invalid');
      }
    },
  };
}
