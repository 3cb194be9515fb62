import { monitoringEndpoints } from '../../shared/api/monitoring';
import type { ServerContext } from '../context';
import type { Route } from '../http/router';
import { apiPerformance } from './read/api-performance';
import { apiReport } from './read/report';
import { serviceCards, systemHealth } from './read/system-health';

export function registerMonitoringRoutes(route: Route, ctx: ServerContext): void {
  route(monitoringEndpoints.systemHealth, () => systemHealth(ctx.db, ctx.config.now()));
  route(monitoringEndpoints.apiPerformance, ({ query }) =>
    apiPerformance(ctx.db, query.range, ctx.config.now()),
  );
  route(monitoringEndpoints.apiReport, async ({ body, audit }) => {
    const figures = await apiPerformance(ctx.db, body.range, ctx.config.now());
    const report = apiReport(body.range, body.format, figures.endpoints, figures.generatedAt);
    await audit.record(ctx.db, {
      details: { range: body.range, format: body.format, rows: figures.endpoints.length },
    });
    return { ...report, rows: figures.endpoints.length };
  });
  route(monitoringEndpoints.serviceSummary, async () => ({
    services: (await serviceCards(ctx.db, ctx.config.now())).map(
      ({ service, name, status, responseMs, lastCheck, uptimePercent }) => ({
        service,
        name,
        status,
        responseMs,
        lastCheck,
        uptimePercent,
      }),
    ),
  }));
}
