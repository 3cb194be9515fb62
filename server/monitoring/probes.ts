/**
 * Service probes, run by a job every 30 s and stored (service_probes), so that a status has a history and
 * uptime is counted from it. Each probe measures one thing and maps it to healthy / warning / critical /
 * down by the thresholds stated beside it.
 *
 * Backup storage checks the backups' storage locations (statfs), as the Storage Locations tab does.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { ServiceStatus } from '../../shared/monitoring';
import type { Database } from '../db/client';
import { inspectLocation } from '../backups/locations';
import { backupLocations, serviceProbes } from '../db/schema';
import { JOBS_SCHEMA } from '../jobs/runner';
import { diskUsage } from './instance';

export interface ProbeResult {
  status: ServiceStatus;
  responseMs: number | null;
  version: string | null;
  detail: string;
}

export interface ProbeContext {
  database: Database;
  dataFolder: string;
  /** A NOTIFY round trip through the event channel (see createEventStreamEcho). */
  echo: (timeoutMs: number) => Promise<number | null>;
}

export interface ServiceProbe {
  service: string;
  name: string;
  dependencies: readonly string[];
  /** How the status is decided, for the screen's "how it is computed". */
  thresholds: string;
  run(ctx: ProbeContext): Promise<ProbeResult>;
}

const elapsed = (began: number) => Math.round((performance.now() - began) * 100) / 100;

/** Round trips: healthy up to `warnAbove` ms, warning up to `criticalAbove`, critical beyond. */
export function byLatency(ms: number, warnAbove: number, criticalAbove: number): ServiceStatus {
  return ms <= warnAbove ? 'healthy' : ms <= criticalAbove ? 'warning' : 'critical';
}

const worst = (...statuses: ServiceStatus[]): ServiceStatus => {
  const order: ServiceStatus[] = ['healthy', 'warning', 'critical', 'down'];
  return statuses.reduce((a, b) => (order.indexOf(b) > order.indexOf(a) ? b : a), 'healthy');
};

const failure = (error: unknown): ProbeResult => ({
  status: 'down',
  responseMs: null,
  version: null,
  detail: error instanceof Error ? error.message.split('\n')[0]!.slice(0, 200) : 'probe failed',
});

const databaseProbe: ServiceProbe = {
  service: 'database',
  name: 'Database',
  dependencies: [],
  thresholds:
    'A `select 1` round trip: healthy up to 100 ms, warning up to 500 ms, critical beyond, down on error.',
  async run({ database }) {
    const began = performance.now();
    await database.db.execute(sql`select 1`);
    const ms = elapsed(began);
    const version = (await database.db.execute(sql`show server_version`)) as {
      rows: { server_version: string }[];
    };
    const engine = database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
    return {
      status: byLatency(ms, 100, 500),
      responseMs: ms,
      version: `${engine} ${version.rows[0]?.server_version ?? ''}`.trim(),
      detail: `${engine} answered in ${ms} ms`,
    };
  },
};

const jobRunnerProbe: ServiceProbe = {
  service: 'job-runner',
  name: 'Job runner',
  dependencies: ['Database'],
  thresholds:
    'The oldest job due but not started: healthy under 60 s with no failure in the last hour, warning up to 5 min or with failures in the last hour, critical beyond 5 min, down when its tables are missing.',
  async run({ database }) {
    const began = performance.now();
    const schema = sql.identifier(JOBS_SCHEMA);
    const installed = (await database.db.execute(
      sql`select to_regclass(${`${JOBS_SCHEMA}.job`}) is not null as ok`,
    )) as { rows: { ok: boolean }[] };
    if (!installed.rows[0]?.ok) return { ...failure(new Error('job tables are missing')) };
    const result = (await database.db.execute(sql`
      select
        coalesce(extract(epoch from now() - min(start_after) filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as waiting,
        count(*) filter (where state = 'failed' and completed_on > now() - interval '1 hour')::int as failed
      from ${schema}.job where name not like '\\_\\_pgboss\\_\\_%'`)) as {
      rows: { waiting: number; failed: number }[];
    };
    const ms = elapsed(began);
    const waiting = Number(result.rows[0]?.waiting ?? 0);
    const failed = Number(result.rows[0]?.failed ?? 0);
    const status = worst(
      waiting > 300 ? 'critical' : waiting >= 60 ? 'warning' : 'healthy',
      failed > 0 ? 'warning' : 'healthy',
    );
    return {
      status,
      responseMs: ms,
      version: 'pg-boss 12',
      detail: `Oldest due job waiting ${Math.round(waiting)} s; ${failed} failed in the last hour`,
    };
  },
};

const eventStreamProbe: ServiceProbe = {
  service: 'event-stream',
  name: 'Event stream',
  dependencies: ['Database'],
  thresholds:
    'A LISTEN/NOTIFY round trip (the alerts fan-out path): healthy up to 250 ms, warning up to 1 s, critical up to 5 s, down when nothing arrives in 5 s.',
  async run({ echo }) {
    const ms = await echo(5_000);
    if (ms === null)
      return { status: 'down', responseMs: null, version: null, detail: 'No notification within 5 s' };
    return {
      status: byLatency(ms, 250, 1_000),
      responseMs: ms,
      version: null,
      detail: `Notification came back in ${ms} ms`,
    };
  },
};

const exportStorageProbe: ServiceProbe = {
  service: 'export-storage',
  name: 'Export storage',
  dependencies: ['Database', 'Data folder'],
  thresholds:
    'Reading the export jobs (healthy up to 100 ms, warning up to 500 ms, critical beyond) and the free disk of the data folder (warning under 20 %, critical under 10 %); down on error.',
  async run({ database, dataFolder }) {
    const began = performance.now();
    const jobs = (await database.db.execute(
      sql`select count(*)::int as n from export_jobs where expires_at > now()`,
    )) as { rows: { n: number }[] };
    const ms = elapsed(began);
    const disk = await diskUsage(dataFolder);
    const freePercent = disk.used + disk.free > 0 ? (disk.free / (disk.used + disk.free)) * 100 : 0;
    return {
      status: worst(
        byLatency(ms, 100, 500),
        freePercent < 10 ? 'critical' : freePercent < 20 ? 'warning' : 'healthy',
      ),
      responseMs: ms,
      version: null,
      detail: `${jobs.rows[0]?.n ?? 0} exports held; ${Math.round(freePercent)} % of the disk free`,
    };
  },
};

const backupStorageProbe: ServiceProbe = {
  service: 'backup-storage',
  name: 'Backup storage',
  dependencies: ['Database', 'Storage locations'],
  thresholds:
    'Every storage location of the backups read with statfs: critical when one is offline or unwritable, or over 90 % used; warning over 80 % used; healthy otherwise (and with no location yet).',
  async run({ database }) {
    const began = performance.now();
    const locations = await database.db.select().from(backupLocations);
    const checks = await Promise.all(locations.map((l) => inspectLocation(l.path)));
    const ms = elapsed(began);
    const statuses = checks.map((c): ServiceStatus => {
      if (c.status !== 'online') return 'critical';
      const used = c.capacity > 0 ? (c.used / c.capacity) * 100 : 0;
      return used > 90 ? 'critical' : used > 80 ? 'warning' : 'healthy';
    });
    const unavailable = checks.filter((c) => c.status !== 'online').length;
    return {
      status: worst(...statuses),
      responseMs: ms,
      version: null,
      detail: `${locations.length} location(s), ${unavailable} unavailable`,
    };
  },
};

export const PROBES: readonly ServiceProbe[] = [
  databaseProbe,
  jobRunnerProbe,
  eventStreamProbe,
  exportStorageProbe,
  backupStorageProbe,
];

/** Runs every probe (a probe that throws is down) and stores the results at `now`. */
export async function runProbes(
  ctx: ProbeContext,
  instanceId: string,
  now: number,
  probes: readonly ServiceProbe[] = PROBES,
): Promise<(ProbeResult & { service: string })[]> {
  const results = await Promise.all(
    probes.map(async (probe) => ({
      service: probe.service,
      ...(await probe.run(ctx).catch(failure)),
    })),
  );
  await ctx.database.db
    .insert(serviceProbes)
    .values(results.map((r) => ({ ...r, instanceId, checkedAt: new Date(now) })))
    .onConflictDoNothing();
  return results;
}

export const PROBE_CHANNEL = 'console_signals_probe';

/**
 * The event stream's echo: one LISTEN kept open for the instance's life; each probe NOTIFYs a fresh token
 * and waits for it to come back.
 */
export async function createEventStreamEcho(
  database: Database,
): Promise<{ echo: ProbeContext['echo']; close: () => Promise<void> }> {
  const waiting = new Map<string, () => void>();
  const unlisten = await database.listen(PROBE_CHANNEL, (payload) => waiting.get(payload)?.());
  let n = 0;
  return {
    echo: (timeoutMs) =>
      new Promise((resolve) => {
        const token = `${process.pid}-${++n}-${Math.random().toString(36).slice(2)}`;
        const began = performance.now();
        const timer = setTimeout(() => {
          waiting.delete(token);
          resolve(null);
        }, timeoutMs);
        waiting.set(token, () => {
          clearTimeout(timer);
          waiting.delete(token);
          resolve(elapsed(began));
        });
        database.db.execute(sql`select pg_notify(${PROBE_CHANNEL}, ${token})`).catch(() => undefined);
      }),
    close: unlisten,
  };
}
