import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORE_KEYS } from '../../../shared/constants';
import { createMemoryLogger } from '../../../main/core/logger';
import {
  createSafeStorageEncryptor,
  createSessionStore,
  memoryOnlyEncryptor,
  openConfStore,
  openFileKeyEncryptor,
  type SafeStorageLike,
} from '../../../main/core/store';
import { makeTempDir } from './temp-dir';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.token-under-test.signature';
const posix = process.platform !== 'win32';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => (temp = makeTempDir()));
afterEach(() => temp.remove());

function open(
  dir = temp.dir,
  encryptor = openFileKeyEncryptor(path.join(dir, 'token.key'), createMemoryLogger()),
) {
  const logger = createMemoryLogger();
  const kv = openConfStore({ dir, name: 'config', logger });
  return {
    kv,
    logger,
    store: createSessionStore({ kv, encryptor, logger }),
    file: path.join(dir, 'config.json'),
  };
}

describe('file-key encryptor (browser host)', () => {
  it('round-trips, never answers the plain text, and keeps its key in a 0600 file', () => {
    const keyPath = path.join(temp.dir, 'token.key');
    const encryptor = openFileKeyEncryptor(keyPath, createMemoryLogger());
    const sealed = encryptor.encrypt(TOKEN);
    expect(encryptor.kind).toBe('file-key');
    expect(sealed).not.toContain('token-under-test');
    expect(encryptor.encrypt(TOKEN)).not.toBe(sealed); // random IV
    expect(encryptor.decrypt(sealed)).toBe(TOKEN);
    expect(readFileSync(keyPath)).toHaveLength(32);
    if (posix) expect(statSync(keyPath).mode & 0o777).toBe(0o600);
    // The same key file opens the same secrets after a restart.
    expect(openFileKeyEncryptor(keyPath, createMemoryLogger()).decrypt(sealed)).toBe(TOKEN);
  });

  it('refuses a tampered ciphertext (GCM authentication)', () => {
    const encryptor = openFileKeyEncryptor(path.join(temp.dir, 'token.key'), createMemoryLogger());
    const bytes = Buffer.from(encryptor.encrypt(TOKEN), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    expect(() => encryptor.decrypt(bytes.toString('base64'))).toThrow();
  });
});

describe('safeStorage encryptor (Electron)', () => {
  const fake = (backend: string | undefined, available = true): SafeStorageLike => ({
    isEncryptionAvailable: () => available,
    encryptString: (plain) => Buffer.from(`sealed:${plain}`),
    decryptString: (sealed) => sealed.toString().replace(/^sealed:/, ''),
    ...(backend === undefined ? {} : { getSelectedStorageBackend: () => backend }),
  });

  it('uses the OS keychain when Linux has a real backend, and on other platforms', () => {
    const linux = createSafeStorageEncryptor(fake('gnome_libsecret'), 'linux');
    expect(linux.kind).toBe('os');
    expect(linux.decrypt(linux.encrypt(TOKEN))).toBe(TOKEN);
    expect(createSafeStorageEncryptor(fake(undefined), 'darwin').kind).toBe('os');
    expect(createSafeStorageEncryptor(fake(undefined), 'win32').kind).toBe('os');
  });

  it('falls back to memory only on basic_text, an unknown backend, or no encryption', () => {
    expect(createSafeStorageEncryptor(fake('basic_text'), 'linux').kind).toBe('basic_text');
    expect(createSafeStorageEncryptor(fake('unknown'), 'linux').kind).toBe('basic_text');
    expect(createSafeStorageEncryptor(fake('kwallet5', false), 'linux').kind).toBe('basic_text');
    expect(createSafeStorageEncryptor(fake(undefined, false), 'darwin').kind).toBe('basic_text');
  });
});

describe('session store', () => {
  it('persists the token encrypted in a 0600 file and restores it', () => {
    const first = open();
    first.store.setToken(TOKEN);
    const text = readFileSync(first.file, 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('token-under-test');
    expect(JSON.parse(text)).toHaveProperty(STORE_KEYS.authToken);
    if (posix) expect(statSync(first.file).mode & 0o777).toBe(0o600);
    if (posix) expect(statSync(temp.dir).mode & 0o777).toBe(0o700);

    const second = open();
    expect(second.store.persistsToken).toBe(true);
    expect(second.store.getToken()).toBe(TOKEN);
    second.store.clearToken();
    expect(second.store.getToken()).toBeNull();
    expect(JSON.parse(readFileSync(second.file, 'utf8'))).not.toHaveProperty(STORE_KEYS.authToken);
  });

  it('with basic_text keeps the token in memory only: never in the file, gone after a restart', () => {
    const first = open(temp.dir, memoryOnlyEncryptor);
    first.store.setTheme('dark'); // the file exists and is written
    first.store.setToken(TOKEN);
    expect(first.store.persistsToken).toBe(false);
    expect(first.store.getToken()).toBe(TOKEN);
    expect(readFileSync(first.file, 'utf8')).not.toContain(STORE_KEYS.authToken);
    expect(readFileSync(first.file, 'utf8')).not.toContain(TOKEN);
    expect(open(temp.dir, memoryOnlyEncryptor).store.getToken()).toBeNull();
  });

  it('removes a token an earlier run persisted once secure storage is gone', () => {
    open().store.setToken(TOKEN);
    const later = open(temp.dir, memoryOnlyEncryptor);
    expect(later.store.getToken()).toBeNull();
    expect(readFileSync(later.file, 'utf8')).not.toContain(STORE_KEYS.authToken);
    expect(later.logger.lines.join('\n')).toMatch(/Secure storage is unavailable/);
  });

  it('starts from defaults on a corrupt file, keeps the bad file aside and logs one line', () => {
    const file = path.join(temp.dir, 'config.json');
    writeFileSync(file, '{"theme": "dark", "auth_token": ', { mode: 0o600 });
    const { store, logger } = open();
    expect(store.getTheme()).toBe('auto');
    expect(store.getToken()).toBeNull();
    const aside = readdirSync(temp.dir).filter((name) => name.startsWith('config.json.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(temp.dir, aside[0] ?? ''), 'utf8')).toBe(
      '{"theme": "dark", "auth_token": ',
    );
    expect(logger.lines.filter((line) => line.includes('unreadable'))).toHaveLength(1);
    store.setTheme('light');
    expect(open().store.getTheme()).toBe('light');
  });

  it('signs out (and says so) when the stored token cannot be decrypted any more', () => {
    open().store.setToken(TOKEN);
    writeFileSync(path.join(temp.dir, 'other.key'), Buffer.alloc(32, 7), { mode: 0o600 });
    const other = openFileKeyEncryptor(path.join(temp.dir, 'other.key'), createMemoryLogger());
    const reopened = open(temp.dir, other);
    expect(reopened.store.getToken()).toBeNull();
    expect(reopened.logger.lines.join('\n')).toMatch(/could not be decrypted/);
    expect(reopened.logger.lines.join('\n')).not.toContain(TOKEN);
  });

  it('stores theme and organization under the spec keys, with safe defaults', () => {
    const { store, file, kv } = open();
    expect(store.getTheme()).toBe('auto');
    store.setTheme('dark');
    store.setOrganizationId('org-1');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(saved[STORE_KEYS.theme]).toBe('dark');
    expect(saved[STORE_KEYS.currentOrganizationId]).toBe('org-1');
    kv.set(STORE_KEYS.theme, 'purple');
    expect(store.getTheme()).toBe('auto');
    store.setOrganizationId(null);
    expect(store.getOrganizationId()).toBeNull();
  });
});
