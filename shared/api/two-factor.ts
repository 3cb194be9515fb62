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

/** The signed-in user's own two-factor sign-in, and an administrator's reset of someone's. */
export const twoFactorEndpoints = {
  status: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/account/two-factor',
    summary: "The caller's two-factor sign-in: set up or not, and recovery codes left",
    data: twoFactorStatus,
    auth: 'token',
  }),
  setup: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/account/two-factor/setup',
    summary: 'Starts setting up an authenticator (replaces a setup not yet confirmed)',
    data: twoFactorSetup,
    auth: 'token',
    audit: { action: 'CREATE', resource: 'two_factor', severity: 'medium' },
  }),
  confirm: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/account/two-factor/confirm',
    summary: 'Confirms the authenticator with its first code; answers the recovery codes, once',
    body: codeBody,
    data: recoveryCodes,
    auth: 'token',
    audit: { action: 'UPDATE', resource: 'two_factor', severity: 'high' },
  }),
  reset: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/users/:userId/two-factor',
    summary: "Removes a user's authenticator and recovery codes and ends their sessions",
    params: z.object({ userId: z.string().min(1).max(64) }),
    data: z.object({ reset: z.literal(true) }),
    auth: 'token',
    permission: 'users.manage',
    audit: { action: 'DELETE', resource: 'two_factor', severity: 'high', resourceParam: 'userId' },
  }),
} as const;
