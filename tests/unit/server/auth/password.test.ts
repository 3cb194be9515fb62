import { describe, expect, it } from 'vitest';
import {
  DUMMY_PASSWORD_HASH,
  SCRYPT_PARAMS,
  hashPassword,
  verifyPassword,
} from '../../../../server/auth/password';
import { DEMO_PASSWORD_HASHES } from '../../../../server/seed/demo-hashes';
import { DEMO_PASSWORD, DEMO_USERS } from '../../../../server/seed/demo-users';

describe('password hashing', () => {
  it('encodes scrypt N=2^17 r=8 p=1 with a random salt, and verifies', async () => {
    const [a, b] = await Promise.all([
      hashPassword('Correct-Horse-2026'),
      hashPassword('Correct-Horse-2026'),
    ]);
    expect(a).toMatch(
      new RegExp(`^scrypt\\$${SCRYPT_PARAMS.N}\\$8\\$1\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{44}$`),
    );
    expect(a).not.toBe(b);
    expect(await verifyPassword('Correct-Horse-2026', a)).toBe(true);
    expect(await verifyPassword('correct-horse-2026', a)).toBe(false);
  });

  it('refuses malformed or absurd stored hashes without throwing', async () => {
    for (const stored of ['', 'bcrypt$x', 'scrypt$abc$8$1$AAAA$AAAA', `scrypt$${2 ** 24}$8$1$AAAA$AAAA`]) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });

  it('never matches the dummy hash used for unknown emails', async () => {
    expect(await verifyPassword('', DUMMY_PASSWORD_HASH)).toBe(false);
  });
});

describe('precomputed demo hashes', () => {
  it.each(DEMO_USERS.map((u) => u.email))('%s verifies the demo password', async (email) => {
    expect(await verifyPassword(DEMO_PASSWORD, DEMO_PASSWORD_HASHES[email])).toBe(true);
  });
});
