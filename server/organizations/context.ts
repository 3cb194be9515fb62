import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Endpoint, SessionUser, TenantRule } from '../../shared/api';
import { ERRORS, formatError } from '../../shared/errors';
import {
  MEMBER_ROLE_PERMISSIONS,
  canManageMembers,
  canManageOrganization,
  canManageSettings,
  canViewBilling,
  hasTenantPermission,
  type TenantContext,
} from '../../shared/tenancy';
import type { PrincipalCache } from '../auth/principals';
import { isUuid } from '../auth/users';
import type { Db } from '../db/client';
import { memberships } from '../db/schema';
import { HttpError } from '../http/errors';

export const ORGANIZATION_HEADER = 'x-organization-id';

/** What a platform role without membership may do: read (part 1 §6, centers.view_all). */
const PLATFORM_READS = MEMBER_ROLE_PERMISSIONS.viewer;

/** The organization the request names: its `:id` or its X-Organization-Id header. */
export function requestedOrganization(request: FastifyRequest, endpoint: Endpoint): string {
  if (endpoint.tenant === 'path') {
    const id = (request.params as Record<string, string | undefined>).id;
    return id ?? '';
  }
  const header = request.headers[ORGANIZATION_HEADER];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) throw new HttpError(400, ERRORS.organizationRequired);
  return value;
}

export const organizationNotFound = () => new HttpError(404, ERRORS.organizationNotFound);

/**
 * The caller's tenant context in an organization: their membership, or, for a platform role holding
 * centers.view_all, a 'platform' context (admin when it also holds centers.manage, otherwise read-only).
 * Unknown organization → 404; neither member nor platform → 403, whatever the request says.
 */
export async function resolveTenantContext(
  principals: PrincipalCache,
  session: SessionUser,
  organizationId: string,
  /** Called once the organization is known to exist (the audit of a refusal names it). */
  onFound: () => void = () => undefined,
): Promise<TenantContext> {
  if (!isUuid(organizationId)) throw organizationNotFound();
  const { organizationExists, membership } = await principals.standing(session.userId, organizationId);
  if (!organizationExists) throw organizationNotFound();
  onFound();

  if (membership && membership.status !== 'suspended') {
    const { role } = membership;
    return {
      organizationId,
      role,
      permissions: [...MEMBER_ROLE_PERMISSIONS[role]],
      isOwner: role === 'owner',
      isAdmin: role === 'owner' || role === 'admin',
    };
  }
  if (session.permissions.includes('centers.view_all')) {
    const isAdmin = session.permissions.includes('centers.manage');
    const permissions: string[] = [...(isAdmin ? MEMBER_ROLE_PERMISSIONS.admin : PLATFORM_READS)];
    if (session.permissions.includes('billing.view')) permissions.push('billing:view');
    return { organizationId, role: 'platform', permissions, isOwner: false, isAdmin };
  }
  throw new HttpError(403, ERRORS.notAMember);
}

const RULE_ACTIONS: Record<string, string> = {
  manageOrganization: 'manage the organization',
  manageMembers: 'manage members',
  viewBilling: 'view billing',
  manageSettings: 'manage settings',
};

/** A readable action for the tenantForbidden text: "manage children" for children:manage. */
export function ruleAction(rule: TenantRule): string {
  const named = RULE_ACTIONS[rule];
  if (named) return named;
  const [resource = rule, action = ''] = rule.split(':');
  return `${action} ${resource}`.trim();
}

export function allows(context: TenantContext, rule: TenantRule): boolean {
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

export function enforceRule(context: TenantContext, rule: TenantRule | undefined): void {
  if (rule && !allows(context, rule)) {
    throw new HttpError(403, formatError(ERRORS.tenantForbidden, { action: ruleAction(rule) }));
  }
}

const TOUCH_INTERVAL_MS = 3_600_000;

/**
 * Marks the member as seen, at most once an hour (the stats' active users). The cached membership says
 * when it was last written, so most requests write nothing; the condition holds for other instances' writes.
 */
export async function touchMembership(
  db: Db,
  principals: PrincipalCache,
  organizationId: string,
  userId: string,
  now: number,
) {
  const known = principals.lastActiveAt(userId, organizationId);
  if (known != null && known >= now - TOUCH_INTERVAL_MS) return;
  const at = new Date(now);
  await db
    .update(memberships)
    .set({ lastActiveAt: at })
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        sql`(${memberships.lastActiveAt} is null or ${memberships.lastActiveAt} < ${new Date(now - TOUCH_INTERVAL_MS)})`,
      ),
    );
  principals.markActive(userId, organizationId, now);
}
