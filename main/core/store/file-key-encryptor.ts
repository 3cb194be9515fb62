import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import type { Logger } from '../logger';
import type { Encryptor } from './encryptor';
import { isNodeError } from './recover';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 1;
// Binds each ciphertext to its purpose: a blob cut from elsewhere does not decrypt as a token.
const AAD = Buffer.from('ops-console:auth_token:v1');

/**
 * The browser host's encryptor: AES-256-GCM with a random key kept in a 0600 file next to the store.
 * Where the OS offers no keychain (a headless box), this keeps the token unreadable to anyone who
 * gets the store file alone; whoever can read the key file can read the token, as with any file key.
 */
export function openFileKeyEncryptor(keyPath: string, logger: Logger): Encryptor {
  const key = loadOrCreateKey(keyPath, logger);
  return {
    kind: 'file-key',
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(AAD);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.of(VERSION), iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(encrypted) {
      const data = Buffer.from(encrypted, 'base64');
      if (data.length < 1 + IV_BYTES + TAG_BYTES || data[0] !== VERSION) {
        throw new Error('Unrecognised encrypted value');
      }
      const iv = data.subarray(1, 1 + IV_BYTES);
      const tag = data.subarray(1 + IV_BYTES, 1 + IV_BYTES + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(AAD);
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(data.subarray(1 + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

function loadOrCreateKey(keyPath: string, logger: Logger): Buffer {
  try {
    const key = readFileSync(keyPath);
    if (key.length === KEY_BYTES) {
      // Tighten a key file someone loosened.
      if (process.platform !== 'win32' && (statSync(keyPath).mode & 0o077) !== 0) chmodSync(keyPath, 0o600);
      return key;
    }
    const aside = `${keyPath}.invalid-${Date.now()}`;
    renameSync(keyPath, aside);
    logger.warn(`Key file ${keyPath} had the wrong size; a new key was made (old file kept as ${aside})`);
  } catch (error) {
    if (!(isNodeError(error) && error.code === 'ENOENT')) throw error;
  }
  const key = randomBytes(KEY_BYTES);
  // `wx`: never overwrite a key another process wrote a moment ago.
  writeFileSync(keyPath, key, { mode: 0o600, flag: 'wx' });
  return key;
}
