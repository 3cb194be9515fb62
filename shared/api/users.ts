import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { SETTABLE_USER_STATUSES, USER_STATUSES } from '../users';

/** Platform users (part 2 §2–§4): accounts, invitations and transitions, on Client B's gateway. */
const userParams = z.object({ userId: z.string().min(1).max(64) });
const optionalText = (max: number) => z.string().trim().max(max);

/** A platform user of part 2 §3, over the role model: `role` is the role's id, `roleName` its name. */
export const platformUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  roleName: z.string(),
  isSystemRole: z.boolean(),
  center: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(USER_STATUSES),
  lastLogin: z.string().nullable(),
  joinDate: z.string(),
  phone: z.string(),
  location: z.string(),
  permissions: z.array(z.string()),
  /** A confirmed authenticator (issue 13, two-factor sign-in). */
  twoFactorEnabled: z.boolean(),
});
export type PlatformUser = z.infer<typeof platformUser>;

/** User stats of part 2 §3, with the KPI cards' center admins and educators. */
export const userStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  newThisMonth: z.number().int(),
  centerAdmins: z.number().int(),
  educators: z.number().int(),
  byRole: z.array(z.object({ role: z.string(), roleName: z.string(), count: z.number().int() })),
});
export type UserStats = z.infer<typeof userStats>;

export const createUserBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    email: z.email('Enter a valid email address').max(320),
    role: z.string().min(1).max(64),
    centerId: z.string().min(1).max(64).nullable().default(null),
    phone: optionalText(40).default(''),
    location: optionalText(200).default(''),
  })
  .strict();
export type CreateUserBody = z.input<typeof createUserBody>;

export const updateUserBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200),
    role: z.string().min(1).max(64),
    centerId: z.string().min(1).max(64).nullable(),
    phone: optionalText(40),
    location: optionalText(200),
  })
  .partial()
  .strict();
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const setUserStatusBody = z.object({ status: z.enum(SETTABLE_USER_STATUSES) }).strict();

/**
 * A one-time link, answered once: the token is kept only as its hash. `link` is the console's address with
 * the token when the server knows that address (CONSOLE_PUBLIC_URL); `emailed` says whether it was mailed.
 */
export const oneTimeLinkData = z.object({
  /** Only when the mail could not be sent (issue 25): a link that was mailed stays the invitee's alone. */
  token: z.string().nullable(),
  link: z.string().nullable(),
  expiresAt: z.string(),
  emailed: z.boolean(),
  /** Why it was not emailed (no SMTP configured, or the delivery failure). */
  emailNote: z.string().nullable(),
});
export type OneTimeLinkData = z.infer<typeof oneTimeLinkData>;

export const createdUser = z.object({ user: platformUser, invitation: oneTimeLinkData });

export const acceptInvitationBody = z
  .object({
    token: z.string().min(16).max(200),
    password: z.string().min(1).max(1024),
    /** Only for an organization invitation to an email with no account yet: the new account's name. */
    name: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;

/** An organization invitation used by the account it was sent to, signed in as itself (issue 25). */
export const joinOrganizationBody = z.object({ token: z.string().min(16).max(200) }).strict();

export const acceptedInvitation = z.object({
  email: z.string(),
  kind: z.enum(['invitation', 'reset', 'organization']),
  organizationId: z.string().nullable(),
});

export const userEndpoints = {
  listUsers: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/users',
    summary: 'Every platform user with role, center, status and last login (never a password hash)',
    data: z.array(platformUser),
    auth: 'token',
    permission: 'users.manage',
  }),
  userStats: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/users/stats',
    summary: 'Totals for the KPI cards and the role distribution',
    data: userStats,
    auth: 'token',
    permission: 'users.manage',
  }),
  createUser: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/users',
    summary: 'Add a user: the account starts pending, with a one-time invitation link (72 h)',
    body: createUserBody,
    data: createdUser,
    auth: 'token',
    permission: 'users.manage',
    audit: { action: 'CREATE', resource: 'user', severity: 'medium' },
  }),
  updateUser: defineEndpoint({
    client: 'gateway',
    method: 'PATCH',
    path: '/users/:userId',
    summary: "Change a user's name, phone, location, center or role (never beyond the editor's own)",
    params: userParams,
    body: updateUserBody,
    data: platformUser,
    auth: 'token',
    permission: 'users.manage',
    audit: { action: 'UPDATE', resource: 'user', severity: 'medium', resourceParam: 'userId' },
  }),
  setUserStatus: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/users/:userId/status',
    summary: "Activate, deactivate or suspend; leaving 'active' ends the user's sessions at once",
    params: userParams,
    body: setUserStatusBody,
    data: platformUser,
    auth: 'token',
    permission: 'users.manage',
    audit: { action: 'UPDATE', resource: 'user_status', severity: 'high', resourceParam: 'userId' },
  }),
  resetUserPassword: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/users/:userId/password-reset',
    summary: 'A new one-time link (72 h): sets a password, or for a pending user accepts the invitation',
    params: userParams,
    data: oneTimeLinkData,
    auth: 'token',
    permission: 'users.manage',
    audit: { action: 'UPDATE', resource: 'user_password', severity: 'high', resourceParam: 'userId' },
  }),
  acceptInvitation: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/invitations/accept',
    summary:
      'Use a one-time link: an invitation, a password reset or an organization invitation sets the password',
    body: acceptInvitationBody,
    data: acceptedInvitation,
    auth: 'public',
    audit: { action: 'UPDATE', resource: 'invitation', severity: 'medium' },
  }),
  joinOrganization: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/invitations/join',
    summary:
      'Use an organization invitation as the signed-in account it was sent to: joins with the invited role',
    body: joinOrganizationBody,
    data: acceptedInvitation,
    auth: 'token',
    audit: { action: 'UPDATE', resource: 'invitation', severity: 'medium' },
  }),
  resetTwoFactor: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/users/:userId/two-factor',
    summary: "Removes a user's authenticator and recovery codes and ends their sessions",
    params: userParams,
    data: z.object({ reset: z.literal(true) }),
    auth: 'token',
    permission: 'users.manage',
    audit: { action: 'DELETE', resource: 'two_factor', severity: 'high', resourceParam: 'userId' },
  }),
} as const;
