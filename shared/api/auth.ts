import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { SYSTEM_ROLE_IDS } from '../permissions';
import {
  challengeBody,
  challengeCodeBody,
  twoFactorChallenge,
  twoFactorCode,
  twoFactorSetup,
} from './two-factor';

/**
 * The floor every password meets (the "basic" policy of part 2 §5); the policy in force (basic, strong or
 * enterprise, a setting) is checked by the server on every password set or changed.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(1024);

export const loginBody = z.object({
  email: z.string().trim().min(1).max(320),
  password: z.string().min(1).max(1024),
  /**
   * Optional, added for two-factor sign-in: a TOTP or recovery code sent with the password signs an
   * enrolled user in in one call (scripts); without it, such a user gets a challenge for a second step.
   */
  code: twoFactorCode.optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** The session user of part 1 §3, plus the permissions its role holds. */
export const sessionUser = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  permissions: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginData = sessionUser.extend({ token: z.string() });
export type LoginData = z.infer<typeof loginData>;

/**
 * POST /auth/login's answer: the spec's (a token and the session user) for every user without two-factor
 * sign-in, unchanged; a challenge for the second step when a code is due or an authenticator must be set up.
 */
export const loginAnswer = z.union([loginData, twoFactorChallenge]);
export type LoginAnswer = z.infer<typeof loginAnswer>;
export const isChallenge = (answer: LoginAnswer): answer is z.infer<typeof twoFactorChallenge> =>
  'twoFactor' in answer;

export const enrolledSignIn = loginData.extend({ recoveryCodes: z.array(z.string()) });
export type EnrolledSignIn = z.infer<typeof enrolledSignIn>;

export const healthData = z.object({
  status: z.literal('ok'),
  service: z.string(),
  version: z.string(),
  database: z.enum(['pglite', 'postgres']),
  time: z.string(),
});
export type HealthData = z.infer<typeof healthData>;

export const registerBody = z.object({
  email: z.email().max(320),
  name: z.string().trim().min(1).max(200),
  password: passwordSchema,
  role: z.enum(SYSTEM_ROLE_IDS),
});
export type RegisterBody = z.infer<typeof registerBody>;

export const registeredUser = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
});

export const changePasswordBody = z.object({
  currentPassword: z.string().min(1).max(1024),
  newPassword: passwordSchema,
});

export const authEndpoints = {
  login: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/auth/login',
    summary:
      'Sign in with email and password; answers a bearer token and the session user, or a two-factor challenge',
    body: loginBody,
    data: loginAnswer,
    auth: 'public',
    audit: { action: 'LOGIN', resource: 'session', severity: 'low' },
  }),
  // The second step of a sign-in (issue 13): public, the password step's challenge is the credential.
  twoFactorVerify: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/auth/two-factor/verify',
    summary:
      "Second sign-in step: the password step's challenge and a TOTP or recovery code; answers a token",
    body: challengeCodeBody,
    data: loginData,
    auth: 'public',
    audit: { action: 'LOGIN', resource: 'session', severity: 'low' },
  }),
  twoFactorEnrolment: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/auth/two-factor/enrolment',
    summary: 'Second sign-in step where two-factor is required but not set up: an authenticator to set up',
    body: challengeBody,
    data: twoFactorSetup,
    auth: 'public',
    audit: { action: 'CREATE', resource: 'two_factor', severity: 'medium' },
  }),
  twoFactorEnrolmentConfirm: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/auth/two-factor/enrolment/confirm',
    summary: 'Confirms the authenticator with its first code; answers a token and the recovery codes, once',
    body: challengeCodeBody,
    data: enrolledSignIn,
    auth: 'public',
    audit: { action: 'UPDATE', resource: 'two_factor', severity: 'high' },
  }),
  verify: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/auth/verify',
    summary: 'Check the bearer token and answer its user',
    data: sessionUser,
    auth: 'token',
    audit: { exempt: 'Reads the session its token names; it changes nothing.' },
  }),
  test: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/auth/test',
    summary: 'Health check',
    data: healthData,
    auth: 'public',
  }),
  register: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/auth/register',
    summary: 'Create an account (administrators only: there is no self sign-up)',
    body: registerBody,
    data: registeredUser,
    auth: 'token',
    permission: 'users.manage',
    audit: { action: 'CREATE', resource: 'user', severity: 'medium' },
  }),
  logout: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/auth/logout',
    summary: 'Revoke every token issued to the caller so far',
    data: z.object({ revoked: z.literal(true) }),
    auth: 'token',
    audit: { action: 'LOGOUT', resource: 'session', severity: 'low' },
  }),
  changePassword: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/auth/password',
    summary: "Change the caller's password; earlier tokens are revoked and a new one is answered",
    body: changePasswordBody,
    data: loginData,
    auth: 'token',
    audit: { action: 'UPDATE', resource: 'password', severity: 'medium' },
  }),
} as const;
