import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** OWASP ASVS parameters for scrypt. */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// scrypt needs 128·N·r bytes (128 MiB here); Node's default cap is 32 MiB.
const MAX_MEMORY = 256 * 1024 * 1024;
// Refuse stored parameters far beyond ours: a tampered row must not make one sign-in eat the machine.
const MAX_N = 2 ** 20;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. `salt` is for the precomputed demo hashes only. */
export async function hashPassword(
  password: string,
  salt: Buffer = randomBytes(SALT_LENGTH),
): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await derive(password, salt, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(encoded: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, key, ...rest] = encoded.split('$');
  if (scheme !== 'scrypt' || rest.length > 0 || !salt || !key) return undefined;
  const parsed = { N: Number(n), r: Number(r), p: Number(p) };
  const sane = Object.values(parsed).every((v) => Number.isSafeInteger(v) && v > 0) && parsed.N <= MAX_N;
  if (!sane) return undefined;
  return { ...parsed, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

/** Constant-time comparison of the derived key with the stored one. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p });
  return timingSafeEqual(key, parsed.key);
}

/**
 * Verified against when the email is unknown, so that an unknown email costs the same time as a wrong
 * password. No password derives to an all-zero key.
 */
export const DUMMY_PASSWORD_HASH = [
  'scrypt',
  SCRYPT_PARAMS.N,
  SCRYPT_PARAMS.r,
  SCRYPT_PARAMS.p,
  Buffer.alloc(SALT_LENGTH).toString('base64'),
  Buffer.alloc(KEY_LENGTH).toString('base64'),
].join('$');
