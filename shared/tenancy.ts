/**
 * The tenant model of part 1 §3–§6: organizations, member roles, the tenant context and its checks.
 * Pure: the server enforces these rules and the console uses the same functions to hide or disable
 * what the user may not do.
 */
export const PLANS = ['free', 'starter', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export const ORGANIZATION_STATUSES = ['active', 'trial', 'suspended', 'cancelled'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** Member roles, most powerful first. Invites offer only the last four (part 2 §6). */
export const MEMBER_ROLES = ['owner', 'admin', 'manager', 'operator', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];
export const INVITE_ROLES = [
  'viewer',
  'operator',
  'manager',
  'admin',
] as const satisfies readonly MemberRole[];
export type InviteRole = (typeof INVITE_ROLES)[number];
export const DEFAULT_INVITE_ROLE: InviteRole = 'viewer';

export const MEMBER_STATUSES = ['active', 'trial', 'suspended'] as const;

/** Tenant permissions, `resource:action` (part 1 §3). */
export const TENANT_PERMISSIONS = [
  'organization:read',
  'organization:manage',
  'members:read',
  'members:manage',
  'billing:view',
  'settings:manage',
  'dashboards:read',
  'dashboards:manage',
  'alerts:read',
  'alerts:manage',
  'metrics:read',
  'children:read',
  'children:manage',
  'attendance:read',
  'attendance:manage',
] as const;
export type TenantPermission = (typeof TENANT_PERMISSIONS)[number];

const READS: TenantPermission[] = [
  'organization:read',
  'members:read',
  'dashboards:read',
  'alerts:read',
  'metrics:read',
  'children:read',
  'attendance:read',
];

/** What each member role lists in its tenant context. Owner and admin pass every check anyway. */
export const MEMBER_ROLE_PERMISSIONS: Readonly<Record<MemberRole, readonly TenantPermission[]>> = {
  owner: TENANT_PERMISSIONS,
  admin: TENANT_PERMISSIONS.filter((p) => p !== 'billing:view'),
  manager: [...READS, 'dashboards:manage', 'alerts:manage', 'children:manage', 'attendance:manage'],
  operator: [...READS, 'alerts:manage', 'attendance:manage'],
  viewer: READS,
};

export interface TenantContext {
  organizationId: string;
  /** The member role, or 'platform' for a platform administrator who is not a member. */
  role: MemberRole | 'platform';
  permissions: readonly string[];
  isOwner: boolean;
  isAdmin: boolean;
}

/** A permission "resource:action" is granted if listed, or if the user is owner or admin (part 1 §6). */
export function hasTenantPermission(context: TenantContext, permission: string): boolean {
  return context.isOwner || context.isAdmin || context.permissions.includes(permission);
}
export const canManageOrganization = (c: TenantContext) =>
  c.isOwner || c.permissions.includes('organization:manage');
export const canManageMembers = (c: TenantContext) => c.isAdmin || c.permissions.includes('members:manage');
export const canViewBilling = (c: TenantContext) => c.isOwner || c.permissions.includes('billing:view');
export const canManageSettings = (c: TenantContext) => c.isAdmin || c.permissions.includes('settings:manage');

export interface UsageValue {
  current: number;
  limit: number;
}
/** A limit is reached when current usage is at least the limit (part 1 §6). */
export const isLimitReached = (u: UsageValue) => u.current >= u.limit;
/** Usage percentage: current ÷ limit, rounded (part 1 §6); 0 for a zero limit with no use. */
export function usagePercent(u: UsageValue): number {
  if (u.limit <= 0) return u.current > 0 ? 100 : 0;
  return Math.round((u.current / u.limit) * 100);
}
/** Meter colour (part 2 §4): over 90 % red, over 75 % yellow, otherwise blue. */
export function usageColor(percent: number): 'red' | 'yellow' | 'blue' {
  if (percent > 90) return 'red';
  if (percent > 75) return 'yellow';
  return 'blue';
}
/** Bar width, capped at 100 % (part 2 §4). */
export const meterWidth = (percent: number) => Math.min(100, Math.max(0, percent));
/** Storage shown in MB: bytes ÷ 1,048,576 with 2 decimals (part 2 §9). */
export const storageMb = (bytes: number) => (bytes / 1_048_576).toFixed(2);

/** Status indicator colours (part 1 §4); unknown values display like active (part 2 §4). */
export function statusColor(status: string): 'green' | 'yellow' | 'red' | 'gray' {
  switch (status) {
    case 'trial':
      return 'yellow';
    case 'suspended':
      return 'red';
    case 'cancelled':
      return 'gray';
    default:
      return 'green';
  }
}

/** A feature is enabled if its flag in the organization limits is true (part 1 §6). */
export const isFeatureEnabled = (features: Readonly<Record<string, boolean>>, feature: string) =>
  features[feature] === true;

/** Default branding colours (part 2 §9). */
export const DEFAULT_BRANDING = { primaryColor: '#3b82f6', secondaryColor: '#6b7280' } as const;
