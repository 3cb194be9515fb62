/** Two-factor sign-in (issue 13): TOTP of RFC 6238 with recovery codes. Plain values only (no zod). */

/** The authenticator apps' defaults (Google Authenticator, 1Password, Authy): SHA-1, 6 digits, 30 s. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of the step before and after are accepted too: a phone's clock a little off, a code typed late. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step stays good for the second step. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5;

/** What the sign-in asks next, after a correct password: a code, or setting up an authenticator first. */
export const TWO_FACTOR_STEPS = ['code', 'enrol'] as const;
export type TwoFactorStep = (typeof TWO_FACTOR_STEPS)[number];

export const TWO_FACTOR_TEXTS = {
  invalidCode: 'Invalid two-factor code',
  challengeExpired: 'The sign-in took too long. Please sign in again.',
  alreadyEnrolled: 'Two-factor sign-in is already set up for this account.',
  noPendingSetup: 'No two-factor setup is waiting for a code. Start the setup again.',
  enrolBeforeRequiring:
    'Set up two-factor sign-in for your own account (the shield next to your name) before requiring it for everyone.',
  notEnrolled: 'This user has not set up two-factor sign-in.',
  codeHint: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  enrolHint:
    'Two-factor sign-in is required. Scan the QR code with an authenticator app, or type the secret into it, then enter the code it shows.',
  recoveryCodesHint:
    'Keep these recovery codes somewhere safe. Each signs you in once if you lose your authenticator. They are shown only now.',
} as const;

/** A code as typed: spaces and dashes dropped, lower case. Six digits is a TOTP code, anything else a recovery code. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

export function isTotpCode(code: string): boolean {
  return new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(normalizeCode(code));
}
