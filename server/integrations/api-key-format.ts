/**
 * API keys in GitHub's manner: `opc_` + 30 random base62 characters + 6 base62 characters of the CRC32
 * of those 30, so that a secret scanner (or our own log redaction) recognises a key by its form and tells
 * a real one from a typo without asking us. Only the SHA-256 of a key is stored: the key has 178 bits of
 * randomness, so a fast hash is enough (no password hashing needed).
 */
import { createHash, randomInt } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { API_KEY_CHECKSUM_LENGTH, API_KEY_PREFIX, API_KEY_RANDOM_LENGTH } from '../../shared/integrations';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export const API_KEY_PATTERN = new RegExp(
  `^${API_KEY_PREFIX}[0-9A-Za-z]{${API_KEY_RANDOM_LENGTH + API_KEY_CHECKSUM_LENGTH}}$`,
);

function base62(value: number, width: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < width; i++) {
    out = BASE62[rest % 62]! + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

const checksumOf = (random: string) => base62(crc32(random), API_KEY_CHECKSUM_LENGTH);

export function generateApiKey(): string {
  let random = '';
  // randomInt is uniform (no modulo bias).
  for (let i = 0; i < API_KEY_RANDOM_LENGTH; i++) random += BASE62[randomInt(62)];
  return `${API_KEY_PREFIX}${random}${checksumOf(random)}`;
}

/** Whether the text has a key's form and its checksum matches (no database read for garbage). */
export function isWellFormedApiKey(text: string): boolean {
  if (!API_KEY_PATTERN.test(text)) return false;
  const body = text.slice(API_KEY_PREFIX.length);
  return checksumOf(body.slice(0, API_KEY_RANDOM_LENGTH)) === body.slice(API_KEY_RANDOM_LENGTH);
}

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
