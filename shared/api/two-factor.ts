import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { TWO_FACTOR_STEPS } from '../two-factor';

/** A code as typed: a 6-digit TOTP code or a recovery code (xxxxx-xxxxx), spaces allowed. */
export const twoFactorCode = z.string().trim().min(1, 'Enter a code').max(32);

/**
 * The answer of POST /auth/login when the password was right but a second step is due. Users without
 * two-factor get the spec's answer unchanged (a token and the session user); only these get this one.
 */
export const twoFactorChallenge = z.object({
  twoFactor: z.enum(TWO_FACTOR_STEPS),
  /** Proves the password step, for the second step only; short-lived. */
  challenge: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallenge>;

export const challengeBody = z.object({ challenge: z.string().min(1).max(2048) }).strict();
export const challengeCodeBody = challengeBody.extend({ code: twoFactorCode }).strict();
export const codeBody = z.object({ code: twoFactorCode }).strict();

/** A new authenticator to set up: the secret as text, its otpauth:// URI and that URI as a QR code image. */
export const twoFactorSetup = z.object({
  secret: z.string(),
  uri: z.string(),
  /** An SVG image as a data: URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** The recovery codes of a confirmed enrolment, answered once. */
export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

export const twoFactorStatus = z.object({
  enrolled: z.boolean(),
  enrolledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** Whether the system settings require it of everyone. */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatus>;

/** The signed-in user's own account: their two-factor sign-in (issue 13). */
export const accountEndpoints = {
  twoFactorStatus: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/account/two-factor',
    summary: "The caller's two-factor sign-in: set up or not, and recovery codes left",
    data: twoFactorStatus,
    auth: 'token',
  }),
  setupTwoFactor: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/account/two-factor/setup',
    summary: 'Starts setting up an authenticator (replaces a setup not yet confirmed)',
    data: twoFactorSetup,
    auth: 'token',
    audit: { action: 'CREATE', resource: 'two_factor', severity: 'medium' },
  }),
  confirmTwoFactor: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/account/two-factor/confirm',
    summary: 'Confirms the authenticator with its first code; answers the recovery codes, once',
    body: codeBody,
    data: recoveryCodes,
    auth: 'token',
    audit: { action: 'UPDATE', resource: 'two_factor', severity: 'high' },
  }),
} as const;
