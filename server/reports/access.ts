import type { SessionUser } from '../../shared/api';
import type { ReportFilters } from '../../shared/api/reports';
import { ERRORS, formatError } from '../../shared/errors';
import { CATEGORY_PERMISSIONS, METRICS, type MetricId } from '../../shared/reports';
import type { PermissionId } from '../../shared/permissions';
import type { PrincipalCache } from '../auth/principals';
import { HttpError } from '../http/errors';
import { enforceRule, resolveTenantContext } from '../organizations/context';
import { CATALOGUE } from './catalogue';

/** Every permission a report's metrics ask of the person it is computed for. */
export function requiredPermissions(metrics: readonly MetricId[], filters: ReportFilters): PermissionId[] {
  const needed = new Set<PermissionId>();
  for (const id of metrics) {
    needed.add(CATEGORY_PERMISSIONS[METRICS[id].category]);
    const own = CATALOGUE[id].source(filters).permission;
    if (own) needed.add(own);
  }
  return [...needed];
}

/**
 * Why `user` may not see a report's figures, or null when they may: each metric's family permission, its
 * screen's own permission, and, for a report limited to one organization, that organization's tenancy
 * check as its screens make it. A report never shows what the person it is made for could not see.
 */
export async function accessRefusal(
  principals: PrincipalCache,
  user: SessionUser,
  metrics: readonly MetricId[],
  filters: ReportFilters,
): Promise<string | null> {
  const missing = requiredPermissions(metrics, filters).find((p) => !user.permissions.includes(p));
  if (missing) return formatError(ERRORS.forbidden, { permission: missing });
  const organizationId = filters.organizationId;
  if (!organizationId) return null;
  try {
    const context = await resolveTenantContext(principals, user, organizationId);
    for (const id of metrics) {
      const source = CATALOGUE[id].source(filters);
      if (source.tenant) enforceRule(context, source.tenantRule);
    }
    return null;
  } catch (error) {
    if (error instanceof HttpError) return error.message;
    throw error;
  }
}

/** The report's creator as they are now: null when they can no longer sign in. */
export async function currentCreator(
  principals: PrincipalCache,
  userId: string,
): Promise<SessionUser | null> {
  const principal = await principals.principal(userId);
  if (!principal || principal.user.status !== 'active') return null;
  return principal.session;
}

export const REPORT_TEXTS = {
  notFound: 'Report not found',
  creatorGone: "The report's creator can no longer sign in",
  refused: 'Generation refused: {reason}',
  running: 'The report is already being generated',
  noFile: ERRORS.reportFileMissing,
} as const;
