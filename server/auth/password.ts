import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';
import { formatError } from '../../shared/errors';
import { HttpError, SERVER_TEXTS } from '../http/errors';

/** OWASP ASVS parameters for scrypt. */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// scrypt needs 128·N·r bytes (128 MiB here); Node's default cap is 32 MiB.
const MAX_MEMORY = 256 * 1024 * 1024;
// Refuse stored parameters far beyond ours: a tampered row must not make one sign-in eat the machine.
const MAX_N = 2 ** 20;

/**
 * Every hash of the process waits here (issue 25): scrypt runs on libuv's pool of 4 threads, which file
 * reads, DNS and compression share, and costs 128 MiB and ~0.4 s each. Two run at once; a few more wait;
 * past that a request is answered 503 with Retry-After at once instead of stalling the server behind a flood.
 */
export const PASSWORD_QUEUE = { concurrency: 2, maxWaiting: 16 } as const;
const queue = pLimit(PASSWORD_QUEUE.concurrency);
/** A running mean of one hash's time, for the Retry-After of a refusal. */
let meanHashMs = 400;

/** The refusal of a full queue: the server is busy, nothing was checked. */
export class PasswordQueueFull extends HttpError {
  constructor(seconds: number) {
    super(503, formatError(SERVER_TEXTS.busy, { seconds }), { 'retry-after': String(seconds) });
  }
}

function scryptOnce(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: MAX_MEMORY }, (error, key) => {
      meanHashMs = 0.8 * meanHashMs + 0.2 * (performance.now() - started);
      if (error) reject(error);
      else resolve(key);
    });
  });
}

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  if (queue.pendingCount >= PASSWORD_QUEUE.maxWaiting) {
    const ahead = queue.pendingCount + queue.activeCount;
    return Promise.reject(
      new PasswordQueueFull(
        Math.max(1, Math.ceil(((ahead / PASSWORD_QUEUE.concurrency) * meanHashMs) / 1000)),
      ),
    );
  }
  return queue(() => scryptOnce(password, salt, options));
}

/** scrypt's cost parameters, as a hash records them. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64. `salt` is for the precomputed demo hashes only;
 * `params` for the tests' fixture accounts only (a cheap hash their sign-ins verify in milliseconds):
 * every password the server sets is hashed with SCRYPT_PARAMS.
 */
export async function hashPassword(
  password: string,
  salt: Buffer = randomBytes(SALT_LENGTH),
  params: ScryptParams = SCRYPT_PARAMS,
): Promise<string> {
  const { N, r, p } = params;
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
