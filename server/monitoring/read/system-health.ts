import { sql } from 'drizzle-orm';
import type { InstanceRow, ServiceCard, SystemHealth } from '../../../shared/api/monitoring';
import type { InstanceStatus, ServiceStatus } from '../../../shared/monitoring';
import type { Db } from '../../db/client';
import { rows } from '../../db/results';
import { OFFLINE_AFTER_INTERVALS, SAMPLE_INTERVAL_MS } from '../instance';
import { PROBES } from '../probes';
import { HOUR_MS, startOfHour } from '../rollup';
import { ratePercent, round, windowRows } from '../window';

const DAY_MS = 86_400_000;
const HOURS = 24;
/** The infrastructure table lists this many instances, online first. */
const INSTANCE_LIMIT = 50;

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** Each service's latest probe and its uptime over 24 h (the share of probes that were not down). */
export async function serviceCards(db: Db, now: number): Promise<ServiceCard[]> {
  const since = new Date(now - DAY_MS);
  const found = await rows<{
    service: string;
    status: ServiceStatus;
    response_ms: number | null;
    checked_at: string;
    version: string | null;
    detail: string;
    up: number;
    total: number;
  }>(
    db,
    sql`select latest.*, history.up, history.total from (
        select distinct on (service) service, status, response_ms, checked_at, version, detail
        from service_probes where checked_at <= ${new Date(now)} order by service, checked_at desc
      ) latest left join (
        select service, count(*) filter (where status <> 'down')::int as up, count(*)::int as total
        from service_probes where checked_at > ${since} and checked_at <= ${new Date(now)} group by service
      ) history using (service)`,
  );
  const byService = new Map(found.map((r) => [r.service, r]));
  return PROBES.map((probe) => {
    const r = byService.get(probe.service);
    return {
      service: probe.service,
      name: probe.name,
      // Never probed yet: not known to work, so not healthy.
      status: r?.status ?? 'down',
      uptimePercent: r && r.total > 0 ? ratePercent(r.up, r.total) : null,
      responseMs: r ? round(r.response_ms === null ? null : Number(r.response_ms), 2) : null,
      lastCheck: r ? iso(r.checked_at) : null,
      version: r?.version ?? null,
      detail: r?.detail ?? 'Not probed yet',
      dependencies: [...probe.dependencies],
      thresholds: probe.thresholds,
    };
  });
}

export function instanceStatus(lastSeenAt: number, stopped: boolean, now: number): InstanceStatus {
  if (stopped) return 'offline';
  return now - lastSeenAt > OFFLINE_AFTER_INTERVALS * SAMPLE_INTERVAL_MS ? 'offline' : 'online';
}

async function instances(db: Db, now: number): Promise<InstanceRow[]> {
  const found = await rows<{
    id: string;
    host: string;
    region: string;
    version: string;
    started_at: string;
    last_seen_at: string;
    stopped_at: string | null;
    cpu_percent: number | null;
    memory_percent: number | null;
    event_loop_delay_p99_ms: number | null;
    open_connections: number | null;
  }>(
    db,
    sql`select i.*, s.cpu_percent, s.memory_percent, s.event_loop_delay_p99_ms, s.open_connections
      from server_instances i left join lateral (
        select * from process_samples p where p.instance_id = i.id order by sampled_at desc limit 1
      ) s on true
      order by (i.stopped_at is null) desc, i.last_seen_at desc limit ${INSTANCE_LIMIT}`,
  );
  return found
    .map((r) => ({
      id: r.id,
      host: r.host,
      region: r.region,
      version: r.version,
      status: instanceStatus(new Date(r.last_seen_at).getTime(), r.stopped_at !== null, now),
      startedAt: new Date(r.started_at).toISOString(),
      lastSeenAt: new Date(r.last_seen_at).toISOString(),
      load: round(r.cpu_percent === null ? null : Number(r.cpu_percent)),
      memoryPercent: round(r.memory_percent === null ? null : Number(r.memory_percent)),
      eventLoopDelayMs: round(
        r.event_loop_delay_p99_ms === null ? null : Number(r.event_loop_delay_p99_ms),
        2,
      ),
      openConnections: r.open_connections === null ? null : Number(r.open_connections),
    }))
    .sort((a, b) => Number(b.status === 'online') - Number(a.status === 'online'));
}

/** The System Health screen: KPIs, 24 h of samples and traffic, service cards, instances. */
export async function systemHealth(db: Db, now: number): Promise<SystemHealth> {
  const to = startOfHour(now) + HOUR_MS;
  const from = to - HOURS * HOUR_MS;
  const hour = (column: string) =>
    sql`floor((extract(epoch from ${sql.identifier(column)}) * 1000 - ${from}) / ${HOUR_MS})::int`;
  const source = await windowRows(db, { from, to, hours: true });
  const [services, hosts, samples, traffic, average] = await Promise.all([
    serviceCards(db, now),
    instances(db, now),
    rows<{ step: number; cpu: number | null; memory: number | null; disk: number | null }>(
      db,
      sql`select ${hour('sampled_at')} as step, avg(cpu_percent)::float8 as cpu, avg(memory_percent)::float8 as memory,
        avg(disk_used_bytes * 100.0 / nullif(disk_used_bytes + disk_free_bytes, 0))::float8 as disk
        from process_samples where sampled_at >= ${new Date(from)} and sampled_at < ${new Date(to)} group by 1`,
    ),
    rows<{ step: number; requests: number; errors: number }>(
      db,
      sql`select ${hour('period_start')} as step, sum(requests)::int as requests, sum(errors)::int as errors
        from ${source} r group by 1`,
    ),
    rows<{ requests: number; duration: number | null }>(
      db,
      sql`select coalesce(sum(requests), 0)::int as requests, sum(duration_sum_ms)::float8 as duration
        from ${source} r where period_start >= ${new Date(now - DAY_MS)}`,
    ),
  ]);
  const sampleAt = new Map(samples.map((s) => [Number(s.step), s]));
  const trafficAt = new Map(traffic.map((t) => [Number(t.step), t]));
  const online = hosts.filter((h) => h.status === 'online' && h.load !== null);
  const totals = average[0];
  const num = (v: number | null | undefined) => round(v === null || v === undefined ? null : Number(v));

  return {
    generatedAt: new Date(now).toISOString(),
    kpis: {
      overallHealth:
        services.length > 0
          ? ratePercent(services.filter((s) => s.status === 'healthy').length, services.length)
          : null,
      averageResponseMs:
        totals && totals.requests > 0 && totals.duration !== null
          ? round(Number(totals.duration) / totals.requests)
          : null,
      criticalIssues: services.filter((s) => s.status === 'critical' || s.status === 'down').length,
      systemLoad:
        online.length > 0 ? round(online.reduce((n, h) => n + (h.load ?? 0), 0) / online.length) : null,
    },
    performance: Array.from({ length: HOURS }, (_, i) => {
      const s = sampleAt.get(i);
      return {
        time: new Date(from + i * HOUR_MS).toISOString(),
        cpu: num(s?.cpu),
        memory: num(s?.memory),
        disk: num(s?.disk),
      };
    }),
    traffic: Array.from({ length: HOURS }, (_, i) => ({
      time: new Date(from + i * HOUR_MS).toISOString(),
      requests: trafficAt.get(i)?.requests ?? 0,
      errors: trafficAt.get(i)?.errors ?? 0,
    })),
    services,
    instances: hosts,
  };
}
