/**
 * The monitoring screens' rules (part 2 §2, §4, §9): the colour thresholds, Apdex and the services'
 * statuses. Pure, so that the server, the renderer and the tests read the same numbers.
 */

export const SERVICE_STATUSES = ['healthy', 'warning', 'critical', 'down'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

/** Part 2 §4: online and maintenance are themselves; any other value is offline. */
export const INSTANCE_STATUSES = ['online', 'maintenance', 'offline'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

export const ENDPOINT_STATUSES = ['healthy', 'warning', 'critical'] as const;
export type EndpointStatus = (typeof ENDPOINT_STATUSES)[number];

/** The API performance ranges of part 2 §2, by their values. */
export const API_RANGES = [
  { value: '1h', label: 'Last Hour' },
  { value: '6h', label: 'Last 6 Hours' },
  { value: '24h', label: 'Last 24 Hours' },
  { value: '7d', label: 'Last 7 Days' },
] as const;
export type ApiRange = (typeof API_RANGES)[number]['value'];
export const API_RANGE_VALUES = API_RANGES.map((r) => r.value) as [ApiRange, ...ApiRange[]];

/**
 * Points of each range's trend. The spec codes 1, 6 and 24 points at 60-minute steps and 168 at 360 minutes
 * (which would span 42 days); we draw finer where the minute roll-ups allow, and 7 days at one hour.
 */
export const RANGE_STEPS: Readonly<Record<ApiRange, { minutes: number; points: number }>> = {
  '1h': { minutes: 1, points: 60 },
  '6h': { minutes: 5, points: 72 },
  '24h': { minutes: 15, points: 96 },
  '7d': { minutes: 60, points: 168 },
};

/** Part 2 §9: system health auto-refreshes every 30 s (API performance follows the same beat). */
export const MONITORING_REFRESH_MS = 30_000;

/** Apdex threshold T: satisfied at or under T, tolerating at or under 4T, errors always frustrated. */
export const APDEX_T_MS = 500;

/** (satisfied + tolerating / 2) / total; null without requests. */
export function apdex(satisfied: number, tolerating: number, total: number): number | null {
  if (total <= 0) return null;
  return Math.round(((satisfied + tolerating / 2) / total) * 1000) / 1000;
}

/** Which Apdex bucket one request falls in. */
export function apdexBucket(durationMs: number, isError: boolean): 'satisfied' | 'tolerating' | 'frustrated' {
  if (isError) return 'frustrated';
  if (durationMs <= APDEX_T_MS) return 'satisfied';
  return durationMs <= 4 * APDEX_T_MS ? 'tolerating' : 'frustrated';
}

export type Tone = 'good' | 'warn' | 'bad' | 'neutral';

/** Endpoint table error rate (%): red above 3, yellow above 1. */
export const endpointErrorTone = (rate: number): Tone => (rate > 3 ? 'bad' : rate > 1 ? 'warn' : 'good');

/** Endpoint status, from the same thresholds as its error-rate colour. */
export const endpointStatus = (rate: number): EndpointStatus =>
  rate > 3 ? 'critical' : rate > 1 ? 'warning' : 'healthy';

/** Error rate KPI (%): red above 3; 'Within SLA' below 2. */
export const errorKpiTone = (rate: number): Tone => (rate > 3 ? 'bad' : rate < 2 ? 'good' : 'warn');
export const withinSla = (rate: number): boolean => rate < 2;

/** Geographic errors (%): red above 2. */
export const regionErrorTone = (rate: number): Tone => (rate > 2 ? 'bad' : 'good');

/** Infrastructure load bar: red above 80, yellow above 60, else green. */
export const loadTone = (load: number): Tone => (load > 80 ? 'bad' : load > 60 ? 'warn' : 'good');

/** Overall health (% of services healthy): green above 90. */
export const overallHealthTone = (percent: number): Tone => (percent > 90 ? 'good' : 'warn');

export const serviceTone = (status: ServiceStatus): Tone =>
  status === 'healthy' ? 'good' : status === 'warning' ? 'warn' : 'bad';
