import { DEFAULT_THEME, STORE_KEYS, THEMES, type Theme } from '../../../shared/constants';
import { describeError, type Logger } from '../logger';
import type { Encryptor } from './encryptor';
import type { KeyValue } from './key-value';

/**
 * The session as the main process keeps it (part 1 §9: keys auth_token, currentOrganizationId,
 * theme). The token is encrypted before it is written, or kept in memory only when the encryptor
 * says the platform cannot protect it. The token never leaves through this object except to the
 * HTTP clients, and is never logged.
 */
export interface SessionStore {
  /** False when the token lives in memory only (the user signs in at each launch). */
  readonly persistsToken: boolean;
  getToken(): string | null;
  setToken(token: string): void;
  clearToken(): void;
  getOrganizationId(): string | null;
  setOrganizationId(id: string | null): void;
  getTheme(): Theme;
  setTheme(theme: Theme): void;
}

export interface SessionStoreOptions {
  kv: KeyValue;
  encryptor: Encryptor;
  logger: Logger;
}

export function createSessionStore({ kv, encryptor, logger }: SessionStoreOptions): SessionStore {
  const persistsToken = encryptor.kind !== 'basic_text';
  let token = persistsToken ? readStoredToken() : null;

  if (!persistsToken && kv.get(STORE_KEYS.authToken) !== undefined) {
    // A token written by an earlier run must not outlive a switch to memory-only mode.
    kv.delete(STORE_KEYS.authToken);
    logger.warn('Secure storage is unavailable: removed the stored session; sign-in is kept in memory only');
  }

  function readStoredToken(): string | null {
    const stored = kv.get(STORE_KEYS.authToken);
    if (stored === undefined) return null;
    if (typeof stored === 'string' && stored.length > 0) {
      try {
        return encryptor.decrypt(stored);
      } catch (error) {
        logger.warn(
          `The stored session could not be decrypted (${describeError(error)}); sign-in is required`,
        );
      }
    }
    kv.delete(STORE_KEYS.authToken);
    return null;
  }

  return {
    persistsToken,
    getToken: () => token,
    setToken(next) {
      token = next;
      if (persistsToken) kv.set(STORE_KEYS.authToken, encryptor.encrypt(next));
    },
    clearToken() {
      token = null;
      if (kv.get(STORE_KEYS.authToken) !== undefined) kv.delete(STORE_KEYS.authToken);
    },
    getOrganizationId() {
      const id = kv.get(STORE_KEYS.currentOrganizationId);
      return typeof id === 'string' && id.length > 0 ? id : null;
    },
    setOrganizationId(id) {
      if (id === null) kv.delete(STORE_KEYS.currentOrganizationId);
      else kv.set(STORE_KEYS.currentOrganizationId, id);
    },
    getTheme() {
      const theme = kv.get(STORE_KEYS.theme);
      return isTheme(theme) ? theme : DEFAULT_THEME;
    },
    setTheme(theme) {
      kv.set(STORE_KEYS.theme, theme);
    },
  };
}

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}
