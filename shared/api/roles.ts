import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/**
 * The role model (part 2 §6) on Client B's gateway, envelope `{success, data, error}`: the permission
 * catalogue, system and custom roles, a user's platform role and effective permissions, the server's own
 * verification of a role, and the two calls of the role-verification checklist (centers list, center analytics).
 */
const roleParams = z.object({ id: z.string().min(1).max(64) });
const userParams = z.object({ userId: z.string().min(1).max(64) });
const permissionId = z.string().min(1).max(100);

export const permission = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  resource: z.string(),
  action: z.string(),
});

export const role = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  permissions: z.array(z.string()),
  isSystemRole: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Users whose platform role this is. */
  userCount: z.number().int(),
});
export type Role = z.infer<typeof role>;

const roleName = z.string().trim().min(1, 'Role name is required').max(100);
const roleDescription = z.string().trim().max(500);

export const createRoleBody = z.object({
  name: roleName,
  description: roleDescription.optional(),
  permissions: z.array(permissionId).max(200).optional(),
});

export const updateRoleBody = z
  .object({ name: roleName.optional(), description: roleDescription.optional() })
  .refine((b) => b.name !== undefined || b.description !== undefined, 'Nothing to change');

export const effectivePermission = z.object({
  permission,
  /** The role the permission comes from. */
  role: z.object({ id: z.string(), name: z.string() }),
});

export const roleTestResult = z.object({
  roleId: z.string(),
  /** One entry per permission of the catalogue, in catalogue order. */
  results: z.array(z.object({ permission: z.string(), granted: z.boolean() })),
  granted: z.number().int(),
  total: z.number().int(),
});

export const center = z.object({ id: z.string(), name: z.string(), plan: z.string(), status: z.string() });

export const centerAnalytics = z.object({
  organizationId: z.string(),
  childrenEnrolled: z.number().int(),
  /** Attended child-days ÷ (enrolled children × 30 days), percent with one decimal. */
  attendanceRate30d: z.number(),
  members: z.number().int(),
});

export const roleEndpoints = {
  listPermissions: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/permissions',
    summary: 'The permission catalogue',
    data: z.array(permission),
    auth: 'token',
    permission: 'roles.read',
  }),
  listRoles: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/roles',
    summary: 'System and custom roles with their permissions and user counts',
    data: z.array(role),
    auth: 'token',
    permission: 'roles.read',
  }),
  createRole: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/roles',
    summary: 'Create a custom role',
    body: createRoleBody,
    data: role,
    auth: 'token',
    permission: 'roles.create',
    audit: { action: 'CREATE', resource: 'role', severity: 'medium' },
  }),
  updateRole: defineEndpoint({
    client: 'gateway',
    method: 'PATCH',
    path: '/roles/:id',
    summary: "Change a custom role's name or description",
    params: roleParams,
    body: updateRoleBody,
    data: role,
    auth: 'token',
    permission: 'roles.update',
    audit: { action: 'UPDATE', resource: 'role', severity: 'medium', resourceParam: 'id' },
  }),
  deleteRole: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/roles/:id',
    summary: 'Delete a custom role no user holds',
    params: roleParams,
    data: z.object({ id: z.string(), deleted: z.literal(true) }),
    auth: 'token',
    permission: 'roles.delete',
    audit: { action: 'DELETE', resource: 'role', severity: 'high', resourceParam: 'id' },
  }),
  grantPermission: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/roles/:id/permissions',
    summary: 'Give a custom role a permission',
    params: roleParams,
    body: z.object({ permissionId }),
    data: role,
    auth: 'token',
    permission: 'roles.update',
    audit: { action: 'UPDATE', resource: 'role_permission', severity: 'high', resourceParam: 'id' },
  }),
  revokePermission: defineEndpoint({
    client: 'gateway',
    method: 'DELETE',
    path: '/roles/:id/permissions/:permissionId',
    summary: 'Take a permission from a custom role',
    params: z.object({ id: z.string().min(1).max(64), permissionId }),
    data: role,
    auth: 'token',
    permission: 'roles.update',
    audit: { action: 'UPDATE', resource: 'role_permission', severity: 'high', resourceParam: 'id' },
  }),
  assignUserRole: defineEndpoint({
    client: 'gateway',
    method: 'PUT',
    path: '/users/:userId/role',
    summary: "Set a user's platform role; it holds from the user's next call",
    params: userParams,
    body: z.object({ roleId: z.string().min(1).max(64) }),
    data: z.object({ userId: z.string(), roleId: z.string() }),
    auth: 'token',
    permission: 'users.manage',
    audit: { action: 'UPDATE', resource: 'user_role', severity: 'high', resourceParam: 'userId' },
  }),
  userPermissions: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/users/:userId/permissions',
    summary: "A user's effective permissions and the role each comes from",
    params: userParams,
    data: z.array(effectivePermission),
    auth: 'token',
    permission: 'roles.read',
  }),
  testRole: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/roles/:id/test',
    summary: 'Check every permission of the catalogue against a role, on the server',
    params: roleParams,
    data: roleTestResult,
    auth: 'token',
    permission: 'roles.read',
    audit: { exempt: 'Computes which permissions the role grants; it changes nothing.' },
  }),
  listCenters: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/centers',
    summary: 'Every center (organization) on the platform',
    data: z.array(center),
    auth: 'token',
    permission: 'centers.view_all',
  }),
  centerAnalytics: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/centers/:id/analytics',
    summary: "A center's analytics: children enrolled, 30-day attendance rate, members",
    params: z.object({ id: z.string().min(1).max(64) }),
    data: centerAnalytics,
    auth: 'token',
    permission: 'center.view_analytics',
  }),
} as const;
