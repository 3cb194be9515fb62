import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_ISSUER } from '../../shared/constants';
import { TWO_FACTOR_CHALLENGE_MINUTES, TWO_FACTOR_STEPS, type TwoFactorStep } from '../../shared/two-factor';

/** Its own audience: a challenge is never a session token, and a session token never a challenge. */
const CHALLENGE_AUDIENCE = 'ops-console-two-factor';
const ALGORITHM = 'HS256';

export interface ChallengeClaims {
  userId: string;
  step: TwoFactorStep;
  /** Milliseconds; a logout or password change after it voids the challenge as it voids tokens. */
  issuedAtMs: number;
}

export interface ChallengeService {
  issue(userId: string, step: TwoFactorStep): Promise<{ challenge: string; expiresAt: Date }>;
  /** Undefined for anything but a valid, unexpired challenge of this step. */
  verify(challenge: string, step: TwoFactorStep): Promise<ChallengeClaims | undefined>;
}

/**
 * The password step's proof, carried by the client to the second step: signed, short-lived and
 * stateless, so any instance can take the second step; a code guessed wrong is throttled like a password.
 */
export function createChallengeService(secret: Uint8Array, now: () => number): ChallengeService {
  return {
    async issue(userId, step) {
      const issuedAtMs = now();
      const issuedAt = Math.floor(issuedAtMs / 1000);
      const expiresAt = issuedAt + TWO_FACTOR_CHALLENGE_MINUTES * 60;
      const challenge = await new SignJWT({ step, iat_ms: issuedAtMs })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(CHALLENGE_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(secret);
      return { challenge, expiresAt: new Date(expiresAt * 1000) };
    },
    async verify(challenge, step) {
      try {
        const { payload } = await jwtVerify(challenge, secret, {
          algorithms: [ALGORITHM],
          issuer: TOKEN_ISSUER,
          audience: CHALLENGE_AUDIENCE,
          requiredClaims: ['exp', 'sub', 'step', 'iat_ms'],
          currentDate: new Date(now()),
        });
        const { sub, iat_ms: issuedAtMs } = payload;
        const claimed = TWO_FACTOR_STEPS.find((s) => s === payload.step);
        if (typeof sub !== 'string' || typeof issuedAtMs !== 'number' || claimed !== step) return undefined;
        return { userId: sub, step, issuedAtMs };
      } catch {
        return undefined;
      }
    },
  };
}
