import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { oneTimeLinkData } from './users';
import { INVITE_ROLES, MEMBER_ROLES, MEMBER_STATUSES, ORGANIZATION_STATUSES, PLANS } from '../tenancy';

/** Client A (part 1 §7): organization calls, envelope `{success, data, message}`. */
export const organizationId = z.string().min(1).max(64);
const idParams = z.object({ id: organizationId });
const memberParams = z.object({ id: organizationId, userId: z.string().min(1).max(64) });
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Use a colour like #3b82f6');

export const usageValue = z.object({ current: z.number().nonnegative(), limit: z.number().nonnegative() });

/** One entry of the organization switcher. */
export const organizationSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  plan: z.enum(PLANS),
  status: z.enum(ORGANIZATION_STATUSES),
  type: z.string(),
  createdAt: z.string(),
  memberCount: z.number().int().nonnegative(),
});
export type OrganizationSummary = z.infer<typeof organizationSummary>;

export const branding = z.object({
  companyName: z.string().max(200),
  primaryColor: hexColor,
  secondaryColor: hexColor,
});

/** The organization of part 2 §3. `billing` is present only for callers who may view billing. */
export const organization = organizationSummary.extend({
  settings: z.object({
    branding,
    security: z.object({ ssoEnabled: z.boolean(), mfaRequired: z.boolean() }),
  }),
  subscription: z.object({
    status: z.enum(ORGANIZATION_STATUSES),
    currentPeriodStart: z.string(),
    currentPeriodEnd: z.string(),
    billing: z
      .object({
        email: z.string(),
        paymentMethod: z.object({
          brand: z.string(),
          last4: z.string(),
          expiryMonth: z.number().int(),
          expiryYear: z.number().int(),
        }),
      })
      .optional(),
    usage: z.object({ users: usageValue, metrics: usageValue, alerts: usageValue, storage: usageValue }),
  }),
  limits: z.object({ features: z.record(z.string(), z.boolean()) }),
});
export type Organization = z.infer<typeof organization>;

export const tenantContext = z.object({
  organizationId: z.string(),
  role: z.enum([...MEMBER_ROLES, 'platform']),
  permissions: z.array(z.string()),
  isOwner: z.boolean(),
  isAdmin: z.boolean(),
});

export const member = z.object({
  id: z.string(),
  userId: z.string(),
  user: z.object({ name: z.string(), email: z.string() }),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(MEMBER_STATUSES),
  joinedAt: z.string(),
  lastActiveAt: z.string().nullable(),
});
export type Member = z.infer<typeof member>;

export const organizationStats = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  totalDashboards: z.number().int(),
  totalAlerts: z.number().int(),
  storageUsed: z.number().int(),
});

export const updateOrganizationBody = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(200).optional(),
    settings: z.object({ branding: branding.partial() }).partial().optional(),
  })
  .strict();

export const inviteBody = z.object({ email: z.email().max(320), role: z.enum(INVITE_ROLES) });
export const invite = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITE_ROLES),
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  expiresAt: z.string(),
});

export const updateMemberBody = z.object({ role: z.enum(INVITE_ROLES) });

export const organizationEndpoints = {
  list: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/organizations/user',
    summary: "The caller's organizations (every one for platform roles with centers.view_all)",
    data: z.array(organizationSummary),
    auth: 'token',
  }),
  context: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/organizations/:id/context',
    summary: "The caller's tenant context: permissions as resource:action, isOwner, isAdmin",
    params: idParams,
    data: tenantContext,
    auth: 'token',
    tenant: 'path',
    tenantRule: 'member',
  }),
  members: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/organizations/:id/members',
    summary: 'Members of the organization',
    params: idParams,
    data: z.array(member),
    auth: 'token',
    tenant: 'path',
    tenantRule: 'member',
  }),
  stats: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/organizations/:id/stats',
    summary: 'Users, dashboards, alerts and storage of the organization',
    params: idParams,
    data: organizationStats,
    auth: 'token',
    tenant: 'path',
    tenantRule: 'member',
  }),
  get: defineEndpoint({
    client: 'organizations',
    method: 'GET',
    path: '/organizations/:id',
    summary: 'The organization, with computed usage (billing only for those who may view it)',
    params: idParams,
    data: organization,
    auth: 'token',
    tenant: 'path',
    tenantRule: 'member',
  }),
  update: defineEndpoint({
    client: 'organizations',
    method: 'PATCH',
    path: '/organizations/:id',
    summary: 'Change name and branding',
    params: idParams,
    body: updateOrganizationBody,
    data: organization,
    auth: 'token',
    tenant: 'path',
    tenantRule: 'manageOrganization',
    audit: { action: 'UPDATE', resource: 'organization', severity: 'medium', resourceParam: 'id' },
  }),
  invite: defineEndpoint({
    client: 'organizations',
    method: 'POST',
    path: '/organizations/:id/invites',
    summary: "Invite someone by email with a role: a one-time link (72 h), within the plan's user limit",
    params: idParams,
    body: inviteBody,
    data: invite.extend({ delivery: oneTimeLinkData }),
    auth: 'token',
    tenant: 'path',
    tenantRule: 'manageMembers',
    audit: { action: 'CREATE', resource: 'invite', severity: 'medium' },
  }),
  updateMember: defineEndpoint({
    client: 'organizations',
    method: 'PATCH',
    path: '/organizations/:id/members/:userId',
    summary: "Change a member's role",
    params: memberParams,
    body: updateMemberBody,
    data: member,
    auth: 'token',
    tenant: 'path',
    tenantRule: 'manageMembers',
    audit: { action: 'UPDATE', resource: 'member', severity: 'medium', resourceParam: 'userId' },
  }),
  removeMember: defineEndpoint({
    client: 'organizations',
    method: 'DELETE',
    path: '/organizations/:id/members/:userId',
    summary: 'Remove a member (never the owner)',
    params: memberParams,
    data: z.object({ removed: z.literal(true) }),
    auth: 'token',
    tenant: 'path',
    tenantRule: 'manageMembers',
    audit: { action: 'DELETE', resource: 'member', severity: 'high', resourceParam: 'userId' },
  }),
} as const;
