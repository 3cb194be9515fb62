/**
 * The authentication state machine of part 1 §4: unknown → verifying → authenticated | unauthenticated.
 * The token itself never reaches the renderer: the main process keeps it and answers the session user.
 */
import { create } from 'zustand';
import type { LoginBody, SessionUser } from '../../../shared/api/auth';
import type { TwoFactorStep } from '../../../shared/two-factor';
import { ERRORS } from '../../../shared/errors';
import { call } from '../../lib/bridge';
import { errorMessage } from '../../lib/errors';
import { logError } from '../../lib/log';
import { USAGE_END_WAIT_MS, usage } from '../../lib/usage';

export type AuthStatus = 'unknown' | 'verifying' | 'authenticated' | 'unauthenticated';

/** Why the last session ended: a logout does not send the next sign-in back to the old page. */
export type SessionEnd = 'logout' | 'expired';

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** The message of the last failed sign-in ("Login Failed" box). */
  error: string | null;
  signingIn: boolean;
  ended: SessionEnd | null;
  /** Shown on /login after the session expired. */
  notice: string | null;
  /**
   * The sign-in's second step (issue 13): a code is due, an authenticator must be set up first, or one
   * was just set up and its recovery codes are shown before the console opens.
   */
  twoFactor:
    { step: TwoFactorStep } | { step: 'recoveryCodes'; user: SessionUser; recoveryCodes: string[] } | null;
  verify: () => Promise<void>;
  /**
   * Checks the session again while signed in: permissions granted or taken on the server reach the
   * guards and the navigation without a new sign-in; a session ended on the server ends here too.
   */
  recheck: () => Promise<void>;
  /** `onSignedIn` runs with the user before the console shows it signed in (renderer/app/warmUp.ts). */
  login: (credentials: LoginBody, onSignedIn?: (user: SessionUser) => void) => Promise<void>;
  /** The second step: a TOTP or recovery code. */
  submitCode: (code: string, onSignedIn?: (user: SessionUser) => void) => Promise<void>;
  /** The first code of the authenticator set up at sign-in; its recovery codes are shown next. */
  confirmEnrolment: (code: string) => Promise<void>;
  /** After the recovery codes: into the console. */
  finishEnrolment: (onSignedIn?: (user: SessionUser) => void) => void;
  /** Back to the password. */
  cancelTwoFactor: () => void;
  logout: () => Promise<void>;
  expire: (message: string) => void;
}

export const useAuthStore = create<AuthState>()((set, get) => ({
  status: 'unknown',
  user: null,
  error: null,
  signingIn: false,
  ended: null,
  notice: null,
  twoFactor: null,

  async verify() {
    if (get().status !== 'unknown') return;
    set({ status: 'verifying' });
    try {
      const session = await call('auth:session');
      if (session.status === 'authenticated') {
        set({ status: 'authenticated', user: session.user });
      } else {
        set({ status: 'unauthenticated', user: null });
      }
    } catch (error) {
      // A failed verification leaves the visitor signed out (part 1 §8).
      logError('Session verification failed', error);
      set({ status: 'unauthenticated', user: null });
    }
  },

  async recheck() {
    if (get().status !== 'authenticated') return;
    try {
      const session = await call('auth:session');
      if (get().status !== 'authenticated') return;
      if (session.status === 'authenticated') set({ user: session.user });
      else get().expire(session.reason ?? ERRORS.sessionExpired);
    } catch (error) {
      // Unreachable for a moment: the console stays as it is and checks again later.
      logError('Session check failed', error);
    }
  },

  async login(credentials, onSignedIn) {
    if (get().signingIn) return;
    set({ signingIn: true, error: null, notice: null });
    try {
      const result = await call('auth:login', credentials);
      if (result.status === 'twoFactor') {
        set({ signingIn: false, twoFactor: { step: result.step } });
        return;
      }
      onSignedIn?.(result.user);
      set({ status: 'authenticated', user: result.user, signingIn: false, ended: null, twoFactor: null });
    } catch (error) {
      set({ signingIn: false, error: errorMessage(error, ERRORS.loginFailed) });
    }
  },

  async submitCode(code, onSignedIn) {
    if (get().signingIn) return;
    set({ signingIn: true, error: null });
    try {
      const user = await call('auth:twoFactorCode', { code });
      onSignedIn?.(user);
      set({ status: 'authenticated', user, signingIn: false, ended: null, twoFactor: null, notice: null });
    } catch (error) {
      set({ signingIn: false, error: errorMessage(error, ERRORS.loginFailed) });
    }
  },

  async confirmEnrolment(code) {
    if (get().signingIn) return;
    set({ signingIn: true, error: null });
    try {
      const { user, recoveryCodes } = await call('auth:twoFactorConfirm', { code });
      set({ signingIn: false, twoFactor: { step: 'recoveryCodes', user, recoveryCodes } });
    } catch (error) {
      set({ signingIn: false, error: errorMessage(error, ERRORS.loginFailed) });
    }
  },

  finishEnrolment(onSignedIn) {
    const current = get().twoFactor;
    if (current?.step !== 'recoveryCodes') return;
    onSignedIn?.(current.user);
    set({ status: 'authenticated', user: current.user, ended: null, twoFactor: null, notice: null });
  },

  cancelTwoFactor() {
    set({ twoFactor: null, error: null, signingIn: false });
  },

  async logout() {
    // The session's last events leave while the token still holds; a server that does not answer does
    // not hold up the sign-out.
    await Promise.race([
      usage.end(),
      new Promise((resolve) => window.setTimeout(resolve, USAGE_END_WAIT_MS)),
    ]);
    try {
      await call('auth:logout');
    } catch (error) {
      logError('Logout failed', error);
    }
    set({
      status: 'unauthenticated',
      user: null,
      error: null,
      notice: null,
      ended: 'logout',
      twoFactor: null,
    });
  },

  expire(message) {
    set({
      status: 'unauthenticated',
      user: null,
      signingIn: false,
      ended: 'expired',
      notice: message || ERRORS.sessionExpired,
      twoFactor: null,
    });
  },
}));
