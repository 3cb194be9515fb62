import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SECRET_KEY_FILE,
  SecretBoxError,
  createSecretBox,
  generateSecretKey,
  loadSecretKey,
  parseSecretKey,
} from '../../../../server/security/secret-box';

describe('secret box', () => {
  const key = generateSecretKey();
  const box = createSecretBox(key);

  it('seals and opens, never the same ciphertext twice, nothing of the plaintext visible', () => {
    const a = box.seal('whsec_c2VjcmV0', 'endpoint-1');
    const b = box.seal('whsec_c2VjcmV0', 'endpoint-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('c2VjcmV0');
    expect(a.startsWith(`v1.${box.keyId}.`)).toBe(true);
    expect(box.open(a, 'endpoint-1')).toBe('whsec_c2VjcmV0');
  });

  it('refuses a changed value, another context and another key', () => {
    const sealed = box.seal('s3cret', 'row-1');
    const parts = sealed.split('.');
    const last = parts[4] ?? '';
    parts[4] = (last[0] === 'A' ? 'B' : 'A') + last.slice(1);
    expect(() => box.open(parts.join('.'), 'row-1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'row-2')).toThrow(SecretBoxError);
    expect(() => createSecretBox(generateSecretKey()).open(sealed, 'row-1')).toThrow(/does not hold/);
    expect(() => box.open('plain text')).toThrow(/Not a sealed secret/);
  });

  it('opens with a previous key during a rotation', () => {
    const sealed = box.seal('old', 'x');
    const rotated = createSecretBox(generateSecretKey(), [key]);
    expect(rotated.open(sealed, 'x')).toBe('old');
    expect(rotated.open(rotated.seal('new', 'x'), 'x')).toBe('new');
  });

  it('checks key lengths', () => {
    expect(() => createSecretBox(Buffer.alloc(16))).toThrow(SecretBoxError);
    expect(() => parseSecretKey(Buffer.alloc(31).toString('base64'))).toThrow(/32 bytes/);
  });

  it('makes its key file once, mode 0600, and reads it back; the variable wins', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'secret-box-'));
    try {
      const first = await loadSecretKey({ dataFolder: dir });
      const file = path.join(dir, SECRET_KEY_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      expect(await loadSecretKey({ dataFolder: dir })).toEqual(first);
      expect((await readFile(file, 'utf8')).trim()).toBe(first.toString('base64'));
      const fromEnv = generateSecretKey();
      expect(await loadSecretKey({ dataFolder: dir, env: fromEnv.toString('base64') })).toEqual(fromEnv);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
