/**
 * How the token is protected at rest. `os` is the OS keychain (Electron safeStorage), `file-key` an
 * AES-256-GCM key in a 0600 file (browser host), `basic_text` means the platform offers no real
 * protection: the session store then keeps the token in memory only and never calls `encrypt`.
 */
export type EncryptorKind = 'os' | 'file-key' | 'basic_text';

export interface Encryptor {
  readonly kind: EncryptorKind;
  /** Answers base64 text. */
  encrypt(plain: string): string;
  decrypt(encrypted: string): string;
}

/** The encryptor of a platform without protection: refuses to produce anything to persist. */
export const memoryOnlyEncryptor: Encryptor = {
  kind: 'basic_text',
  encrypt: () => {
    throw new Error('No secure storage available: the token is kept in memory only');
  },
  decrypt: () => {
    throw new Error('No secure storage available: the token is kept in memory only');
  },
};

/** The part of Electron's `safeStorage` we use; structural so it can be tested without Electron. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only. */
  getSelectedStorageBackend?(): string;
}

/**
 * Wraps safeStorage, or answers the memory-only encryptor when it would not really protect the
 * token: encryption unavailable, or on Linux the `basic_text` backend (a hard-coded key) or an
 * `unknown` one (asked before `ready`).
 */
export function createSafeStorageEncryptor(
  safeStorage: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): Encryptor {
  if (!safeStorage.isEncryptionAvailable()) return memoryOnlyEncryptor;
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
    if (backend === 'basic_text' || backend === 'unknown') return memoryOnlyEncryptor;
  }
  return {
    kind: 'os',
    encrypt: (plain) => safeStorage.encryptString(plain).toString('base64'),
    decrypt: (encrypted) => safeStorage.decryptString(Buffer.from(encrypted, 'base64')),
  };
}
