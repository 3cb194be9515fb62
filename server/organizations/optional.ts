import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../shared/api';
import type { TenantContext } from '../../shared/tenancy';
import type { PrincipalCache } from '../auth/principals';
import { ORGANIZATION_HEADER, resolveTenantContext } from './context';

/**
 * For platform-wide reads (audit trail, exports) that a request may narrow to one organization: with an
 * X-Organization-Id header the caller's tenant context there (membership or platform role, checked),
 * otherwise none (the whole platform, which the endpoint's platform permission already allows).
 */
export async function optionalTenant(
  principals: PrincipalCache,
  request: FastifyRequest,
  session: SessionUser,
): Promise<TenantContext | null> {
  const header = request.headers[ORGANIZATION_HEADER];
  const organizationId = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!organizationId) return null;
  return resolveTenantContext(principals, session, organizationId);
}
