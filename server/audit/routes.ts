import { auditEndpoints } from '../../shared/api/audit';
import { verifyAuditChain } from './chain';
import { countAudit, queryAuditPage, toAuditLog } from './query';
import type { ServerContext } from '../context';
import type { Route } from '../http/router';
import { optionalTenant } from '../organizations/optional';

export function registerAuditRoutes(route: Route, ctx: ServerContext): void {
  route(auditEndpoints.listAuditLogs, async ({ query, request, session }) => {
    const tenant = await optionalTenant(ctx.principals, request, session());
    const scoped = { ...query, organizationId: tenant?.organizationId };
    const [page, total] = await Promise.all([
      queryAuditPage(ctx.db, scoped),
      query.withTotal && !query.cursor ? countAudit(ctx.db, scoped) : Promise.resolve(null),
    ]);
    return { items: page.rows.map(toAuditLog), nextCursor: page.nextCursor, total };
  });

  route(auditEndpoints.verifyAuditLogs, async () => {
    const result = await verifyAuditChain(ctx.db);
    return {
      valid: result.valid,
      checked: result.checked,
      firstBroken: result.firstBroken
        ? { ...result.firstBroken, timestamp: result.firstBroken.timestamp.toISOString() }
        : null,
      head: result.head ? { ...result.head, timestamp: result.head.timestamp.toISOString() } : null,
    };
  });
}
