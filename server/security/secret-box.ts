/**
 * Secrets at rest (webhook signing secrets, third-party API keys, later the settings' SMTP password):
 * AES-256-GCM under a key that never lives in the database it protects. The key comes from the
 * CONSOLE_SECRET_KEY variable (base64 of 32 bytes) or from a key file in the server's data folder, made
 * on first start with mode 0600; tests hand in a key of their own. A dump of the database alone opens
 * nothing.
 *
 * A sealed value is `v1.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts): the key id (the first 8 hex
 * digits of the key's SHA-256) says which key sealed it, so a key can be rotated by keeping the old one
 * for opening only.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const SECRET_KEY_BYTES = 32;
export const SECRET_KEY_FILE = 'secret-box.key';
const VERSION = 'v1';
const IV_BYTES = 12;

export interface SecretBox {
  /** Encrypts `plaintext`; `context` (e.g. the row's id) is bound as associated data. */
  seal(plaintext: string, context?: string): string;
  /** Decrypts a sealed value; throws if it was changed, sealed for another context, or by an unknown key. */
  open(sealed: string, context?: string): string;
  readonly keyId: string;
}

export class SecretBoxError extends Error {}

/** A sealed value, as opposed to one stored in clear before its column was sealed. */
export const isSealed = (value: string) => /^v\d+\.[0-9a-f]{8}\./.test(value);

const keyIdOf = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

/** `key` seals and opens; `previousKeys` only open (a rotation in progress). */
export function createSecretBox(key: Buffer, previousKeys: readonly Buffer[] = []): SecretBox {
  for (const k of [key, ...previousKeys]) {
    if (k.length !== SECRET_KEY_BYTES) throw new SecretBoxError(`A secret key is ${SECRET_KEY_BYTES} bytes`);
  }
  const keyId = keyIdOf(key);
  const keys = new Map([key, ...previousKeys].map((k) => [keyIdOf(k), k]));
  return {
    keyId,
    seal(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url'));
      return [VERSION, keyId, ...parts].join('.');
    },
    open(sealed, context = '') {
      const [version, id, iv, tag, ciphertext, extra] = sealed.split('.');
      if (version !== VERSION || !id || iv === undefined || !tag || ciphertext === undefined || extra)
        throw new SecretBoxError('Not a sealed secret');
      const k = keys.get(id);
      if (!k) throw new SecretBoxError('The secret was sealed with a key this server does not hold');
      try {
        const decipher = createDecipheriv('aes-256-gcm', k, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('The sealed secret does not open (changed, or sealed for something else)');
      }
    },
  };
}

export const generateSecretKey = () => randomBytes(SECRET_KEY_BYTES);

/** A key from base64 text, checked for its length. */
export function parseSecretKey(text: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== SECRET_KEY_BYTES)
    throw new SecretBoxError(`CONSOLE_SECRET_KEY must be the base64 of ${SECRET_KEY_BYTES} bytes`);
  return key;
}

/**
 * The server's key: CONSOLE_SECRET_KEY when set, else `<dataFolder>/secret-box.key`, created (0600) when
 * missing. Losing the key loses the secrets it sealed (they must be entered again), not the data.
 */
export async function loadSecretKey(options: { env?: string; dataFolder: string }): Promise<Buffer> {
  if (options.env) return parseSecretKey(options.env);
  const file = path.join(options.dataFolder, SECRET_KEY_FILE);
  try {
    return parseSecretKey(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(options.dataFolder, { recursive: true });
  const key = generateSecretKey();
  try {
    // `wx`: two instances starting together never overwrite each other's key.
    await writeFile(file, key.toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return parseSecretKey(await readFile(file, 'utf8'));
    throw error;
  }
  await chmod(file, 0o600);
  return key;
}
