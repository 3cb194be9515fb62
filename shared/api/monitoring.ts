import { z } from 'zod';
import { API_RANGE_VALUES, ENDPOINT_STATUSES, INSTANCE_STATUSES, SERVICE_STATUSES } from '../monitoring';
import { EXPORT_FORMATS } from './exports';
import { defineEndpoint } from './endpoint';

/**
 * The monitoring screens (part 2 §2): System Health and API Performance, computed from what the server
 * recorded — request roll-ups, process samples, instance heartbeats and service probes.
 */

const percent = z.number();
const ms = z.number();

export const serviceCard = z.object({
  service: z.string(),
  name: z.string(),
  status: z.enum(SERVICE_STATUSES),
  /** Share of the last 24 h's probes that were not down; null before the first probe. */
  uptimePercent: percent.nullable(),
  responseMs: ms.nullable(),
  lastCheck: z.string().nullable(),
  version: z.string().nullable(),
  detail: z.string(),
  dependencies: z.array(z.string()),
  thresholds: z.string(),
});
export type ServiceCard = z.infer<typeof serviceCard>;

export const instanceRow = z.object({
  id: z.string(),
  host: z.string(),
  region: z.string(),
  version: z.string(),
  status: z.enum(INSTANCE_STATUSES),
  startedAt: z.string(),
  lastSeenAt: z.string(),
  /** CPU % of the latest sample (the load bar). */
  load: percent.nullable(),
  memoryPercent: percent.nullable(),
  eventLoopDelayMs: ms.nullable(),
  openConnections: z.number().int().nullable(),
});
export type InstanceRow = z.infer<typeof instanceRow>;

export const systemHealth = z.object({
  generatedAt: z.string(),
  kpis: z.object({
    /** % of services healthy. */
    overallHealth: percent.nullable(),
    /** Mean request duration over the last 24 h. */
    averageResponseMs: ms.nullable(),
    /** Services critical or down. */
    criticalIssues: z.number().int(),
    /** Mean CPU % of the online instances' latest samples. */
    systemLoad: percent.nullable(),
  }),
  /** 24 hourly points: mean CPU, memory and disk use of every instance's samples. */
  performance: z.array(
    z.object({
      time: z.string(),
      cpu: percent.nullable(),
      memory: percent.nullable(),
      disk: percent.nullable(),
    }),
  ),
  /** 24 hourly points: requests and errors. */
  traffic: z.array(z.object({ time: z.string(), requests: z.number().int(), errors: z.number().int() })),
  services: z.array(serviceCard),
  instances: z.array(instanceRow),
});
export type SystemHealth = z.infer<typeof systemHealth>;

export const apiRangeQuery = z.object({ range: z.enum(API_RANGE_VALUES).default('24h') }).strict();

const latency = z.object({ p50: ms.nullable(), p95: ms.nullable(), p99: ms.nullable() });

export const endpointRow = z.object({
  route: z.string(),
  method: z.string(),
  /** Mean duration of the last 10 of 60 per-minute points (null: a minute without requests). */
  sparkline: z.array(ms.nullable()),
  averageMs: ms.nullable(),
  p95Ms: ms.nullable(),
  requests: z.number().int(),
  errorRate: percent,
  apdex: z.number().nullable(),
  status: z.enum(ENDPOINT_STATUSES),
});
export type EndpointRow = z.infer<typeof endpointRow>;

export const apiPerformance = z.object({
  range: z.enum(API_RANGE_VALUES),
  generatedAt: z.string(),
  stepMinutes: z.number().int(),
  kpis: z.object({
    averageMs: ms.nullable(),
    requests: z.number().int(),
    errorRate: percent,
    p95Ms: ms.nullable(),
  }),
  latency,
  apdex: z.number().nullable(),
  trend: z.array(latency.extend({ time: z.string(), requests: z.number().int(), errors: z.number().int() })),
  endpoints: z.array(endpointRow),
  errors: z.array(
    z.object({
      status: z.number().int(),
      count: z.number().int(),
      percentage: percent,
      examples: z.array(
        z.object({ route: z.string(), method: z.string(), message: z.string(), count: z.number().int() }),
      ),
    }),
  ),
  regions: z.array(
    z.object({
      region: z.string(),
      instances: z.number().int(),
      requests: z.number().int(),
      averageMs: ms.nullable(),
      errorRate: percent,
    }),
  ),
});
export type ApiPerformance = z.infer<typeof apiPerformance>;

/** The dashboard's system health grid: each service's latest probe. */
export const serviceSummary = z.object({
  services: z.array(
    serviceCard.pick({
      service: true,
      name: true,
      status: true,
      responseMs: true,
      lastCheck: true,
      uptimePercent: true,
    }),
  ),
});

export const apiReportBody = z
  .object({ range: z.enum(API_RANGE_VALUES), format: z.enum(EXPORT_FORMATS) })
  .strict();

export const monitoringEndpoints = {
  systemHealth: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/monitoring/system-health',
    summary: 'System health: KPIs, 24 h of process samples and traffic, service probes, instances',
    data: systemHealth,
    auth: 'token',
    permission: 'system.view_health',
  }),
  apiPerformance: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/monitoring/api-performance',
    summary: 'API performance over 1h, 6h, 24h or 7d: KPIs, trend, endpoints, errors by status, regions',
    query: apiRangeQuery,
    data: apiPerformance,
    auth: 'token',
    permission: 'system.view_health',
  }),
  apiReport: defineEndpoint({
    client: 'gateway',
    method: 'POST',
    path: '/monitoring/api-performance/report',
    summary: 'The endpoint table of a range as a CSV or JSON file (Export Report)',
    body: apiReportBody,
    data: z.object({ fileName: z.string(), content: z.string(), rows: z.number().int() }),
    auth: 'token',
    permission: 'system.view_health',
    audit: { action: 'EXPORT', resource: 'api_performance', severity: 'medium' },
  }),
  serviceSummary: defineEndpoint({
    client: 'gateway',
    method: 'GET',
    path: '/monitoring/services',
    summary: "Each service's latest probe (the dashboard's system health grid)",
    data: serviceSummary,
    auth: 'token',
  }),
} as const;
