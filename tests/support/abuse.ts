/**
 * The oracle of the abuse suite (tests/integration/server/security/abuse.test.ts): what an endpoint's
 * declaration says a caller gets, worked out from the declaration and the shared role and tenant tables
 * alone (part 1 §6), never from the server's own checks.
 */
import { ENDPOINTS, type Endpoint, type TenantRule } from '../../shared/api';
import { ERRORS, formatError } from '../../shared/errors';
import { INTEGRATION_TEXTS } from '../../shared/integrations';
import {
  MEMBER_ROLE_PERMISSIONS,
  canManageMembers,
  canManageOrganization,
  canManageSettings,
  canViewBilling,
  hasTenantPermission,
  type MemberRole,
  type TenantContext,
} from '../../shared/tenancy';

export interface AbuseCaller {
  label: string;
  /** None: an unauthenticated caller. */
  token?: string;
  /** What the caller's role holds (a key: its creator's, within its scopes). */
  permissions: readonly string[];
  /** Organization id → member role. */
  memberships: Readonly<Record<string, MemberRole>>;
  /** An organization-scoped API key: the organization it is confined to. */
  keyOrganization?: string;
}

/** What the gate answers: allowed through, or refused with this status and (where it is fixed) text. */
export type Verdict = { allowed: true } | { allowed: false; status: 401 | 403; text?: RegExp | string };

/** The tenant context of part 1 §6: a membership, or a platform role's read (or admin) context. */
function tenantContext(caller: AbuseCaller, organizationId: string): TenantContext | undefined {
  const role = caller.memberships[organizationId];
  if (role)
    return {
      organizationId,
      role,
      permissions: [...MEMBER_ROLE_PERMISSIONS[role]],
      isOwner: role === 'owner',
      isAdmin: role === 'owner' || role === 'admin',
    };
  if (!caller.permissions.includes('centers.view_all')) return undefined;
  const isAdmin = caller.permissions.includes('centers.manage');
  const permissions: string[] = [
    ...(isAdmin ? MEMBER_ROLE_PERMISSIONS.admin : MEMBER_ROLE_PERMISSIONS.viewer),
  ];
  if (caller.permissions.includes('billing.view')) permissions.push('billing:view');
  return { organizationId, role: 'platform', permissions, isOwner: false, isAdmin };
}

function ruleHolds(context: TenantContext, rule: TenantRule): boolean {
  switch (rule) {
    case 'member':
      return true;
    case 'manageOrganization':
      return canManageOrganization(context);
    case 'manageMembers':
      return canManageMembers(context);
    case 'viewBilling':
      return canViewBilling(context);
    case 'manageSettings':
      return canManageSettings(context);
    default:
      return hasTenantPermission(context, rule);
  }
}

/** Whether the caller may read anything of the organization at all (a member, or a platform reader). */
export const reaches = (caller: AbuseCaller, organizationId: string) =>
  (!caller.keyOrganization || caller.keyOrganization === organizationId) &&
  tenantContext(caller, organizationId) !== undefined;

const tenantRefusal = /^You are not allowed to .+ in this organization$/;

/** The declared answer of a contract endpoint to a caller naming `organizationId` (tenant endpoints). */
export function verdict(endpoint: Endpoint, caller: AbuseCaller, organizationId?: string): Verdict {
  if (endpoint.auth === 'public') return { allowed: true };
  if (!caller.token) return { allowed: false, status: 401, text: ERRORS.authRequired };
  if (endpoint.permission && !caller.permissions.includes(endpoint.permission))
    return {
      allowed: false,
      status: 403,
      text: formatError(ERRORS.forbidden, { permission: endpoint.permission }),
    };
  if (caller.keyOrganization && (!endpoint.tenant || organizationId !== caller.keyOrganization))
    return { allowed: false, status: 403, text: INTEGRATION_TEXTS.keyOutsideOrganization };
  if (endpoint.tenant) {
    const context = tenantContext(caller, organizationId ?? '');
    if (!context) return { allowed: false, status: 403, text: ERRORS.notAMember };
    if (endpoint.tenantRule && !ruleHolds(context, endpoint.tenantRule))
      return { allowed: false, status: 403, text: tenantRefusal };
  }
  return { allowed: true };
}

/** A download route beside the contract (server/http/download.ts), as its group registers it. */
export interface DownloadDeclaration {
  path: string;
  permission?: string;
  /** Its files belong to one organization each: an organization-scoped key may reach its own. */
  tenantFiles?: boolean;
}

export function downloadVerdict(route: DownloadDeclaration, caller: AbuseCaller): Verdict {
  if (!caller.token) return { allowed: false, status: 401, text: ERRORS.authRequired };
  if (route.permission && !caller.permissions.includes(route.permission))
    return {
      allowed: false,
      status: 403,
      text: formatError(ERRORS.forbidden, { permission: route.permission }),
    };
  if (caller.keyOrganization && !route.tenantFiles)
    return { allowed: false, status: 403, text: INTEGRATION_TEXTS.keyOutsideOrganization };
  return { allowed: true };
}

/** The refusals only the gate gives: an allowed caller must never get one of these. */
export function gateRefusal(endpoint: { permission?: string }, status: number, text: string): boolean {
  if (status === 401) return true;
  if (status !== 403) return false;
  return (
    text === ERRORS.notAMember ||
    text === INTEGRATION_TEXTS.keyOutsideOrganization ||
    (endpoint.permission !== undefined &&
      text === formatError(ERRORS.forbidden, { permission: endpoint.permission }))
  );
}

/** `METHOD path` of every contract endpoint, as the OpenAPI document names its operations. */
export const CONTRACT_OPERATIONS = new Set(
  Object.values(ENDPOINTS as Record<string, Endpoint>).map((e) => `${e.method} ${openApiPath(e.path)}`),
);

/** `/children/:id` → `/children/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:(\w+)/g, '{$1}');
}
