import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { SYSTEM_ROLE_IDS } from '../permissions';

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
    summary: 'Sign in with email and password; answers a bearer token and the session user',
    body: loginBody,
    data: loginData,
    auth: 'public',
    audit: { action: 'LOGIN', resource: 'session', severity: 'low' },
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
