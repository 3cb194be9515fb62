import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../../../shared/constants';
import { createTokenService, TokenError } from '../../../../server/auth/tokens';

const secret = new TextEncoder().encode('a-test-secret-that-is-long-enough-for-hs256');
const now = Date.parse('2026-03-02T09:00:00.123Z');
const service = createTokenService({ secret, lifetimeMinutes: 480, now: () => now });
const userId = '00000000-0000-4000-8000-000000000001';

async function reason(token: string): Promise<string | undefined> {
  try {
    await service.verify(token);
    return undefined;
  } catch (error) {
    return error instanceof TokenError ? error.reason : 'unexpected';
  }
}

function signed(claims: Record<string, unknown>, edit: (jwt: SignJWT) => SignJWT = (j) => j, alg = 'HS256') {
  const base = new SignJWT({ iat_ms: now, ...claims }).setProtectedHeader({ alg }).setSubject(userId);
  return edit(base).sign(secret);
}

const complete = (j: SignJWT) =>
  j
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + 60);

describe('tokens', () => {
  it('round-trips the user and the millisecond issue time', async () => {
    const { token, issuedAtMs } = await service.issue(userId);
    expect(issuedAtMs).toBe(now);
    expect(await service.verify(token)).toEqual({ userId, issuedAtMs: now });
  });

  it('expires after the session timeout', async () => {
    const { token } = await service.issue(userId);
    const later = createTokenService({ secret, lifetimeMinutes: 480, now: () => now + 480 * 60_000 });
    await expect(later.verify(token)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('a token verified once is refused as expired at the same instant as a fresh verification would', async () => {
    let clock = now;
    const moving = createTokenService({ secret, lifetimeMinutes: 480, now: () => clock });
    const { token } = await moving.issue(userId);
    expect(await moving.verify(token)).toEqual({ userId, issuedAtMs: now });
    // exp is in whole seconds: the token lives until the second it names.
    const expiresAt = (Math.floor(now / 1000) + 480 * 60) * 1000;
    clock = expiresAt - 1;
    expect(await moving.verify(token)).toEqual({ userId, issuedAtMs: now });
    clock = expiresAt;
    await expect(moving.verify(token)).rejects.toMatchObject({ reason: 'expired' });
    const fresh = createTokenService({ secret, lifetimeMinutes: 480, now: () => clock });
    await expect(fresh.verify(token)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('knows only the tokens it verified, and none once expired (the settings guard reads it per request)', async () => {
    let clock = now;
    const moving = createTokenService({ secret, lifetimeMinutes: 480, now: () => clock });
    const { token } = await moving.issue(userId);
    expect(moving.known(token)).toBeUndefined();
    // Signed with another secret: verify refuses it, and it is not known after.
    const forged = await createTokenService({
      secret: new TextEncoder().encode('x'.repeat(32)),
      lifetimeMinutes: 480,
      now: () => clock,
    }).issue(userId);
    await expect(moving.verify(forged.token)).rejects.toMatchObject({ reason: 'invalid' });
    expect(moving.known(forged.token)).toBeUndefined();
    await moving.verify(token);
    expect(moving.known(token)).toEqual({ userId, issuedAtMs: now });
    clock = (Math.floor(now / 1000) + 480 * 60) * 1000;
    expect(moving.known(token)).toBeUndefined();
  });

  it('pins the algorithm and requires iss, aud, exp, iat and the ms issue time', async () => {
    expect(await reason(await signed({}, complete))).toBeUndefined();
    expect(
      await reason(
        new UnsecuredJWT({ sub: userId, iat_ms: now })
          .setIssuer(TOKEN_ISSUER)
          .setAudience(TOKEN_AUDIENCE)
          .setExpirationTime('1h')
          .encode(),
      ),
    ).toBe('invalid');
    expect(await reason(await signed({}, complete, 'HS512'))).toBe('invalid');
    expect(await reason(await signed({}, (j) => complete(j).setAudience('someone-else')))).toBe('invalid');
    expect(await reason(await signed({}, (j) => complete(j).setIssuer('someone-else')))).toBe('invalid');
    expect(
      await reason(
        await signed({}, (j) =>
          j
            .setIssuer(TOKEN_ISSUER)
            .setAudience(TOKEN_AUDIENCE)
            .setIssuedAt(Math.floor(now / 1000)),
        ),
      ),
    ).toBe('invalid');
    expect(await reason(await signed({ iat_ms: undefined }, complete))).toBe('invalid');
  });
});
