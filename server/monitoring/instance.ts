/**
 * This instance's identity and its minute samples: CPU from `process.cpuUsage` deltas, memory, event loop
 * delay (p99 of perf_hooks' histogram) and utilisation (delta of `eventLoopUtilization`), a timed database
 * round trip, open HTTP connections, the job runner's backlog and failures, disk used and free where the
 * data lives. Each sample is also the heartbeat (`server_instances.last_seen_at`).
 */
import { randomUUID } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { processSamples, serverInstances } from '../db/schema';
import { jobQueuesOverview } from '../jobs/overview';

export const SAMPLE_INTERVAL_MS = 60_000;
/** Silent this many intervals, an instance is offline. */
export const OFFLINE_AFTER_INTERVALS = 3;
export const DEFAULT_REGION = 'local';

export interface InstanceIdentity {
  id: string;
  host: string;
  region: string;
  version: string;
  startedAt: number;
}

export function instanceIdentity(version: string, now: number, env = process.env): InstanceIdentity {
  const host = os.hostname();
  return {
    // New at every start: a restarted process is a new instance whose minutes never collide with the old one's.
    id: `${host}-${randomUUID().slice(0, 8)}`,
    host,
    region: env.CONSOLE_REGION?.trim() || DEFAULT_REGION,
    version,
    startedAt: now,
  };
}

export async function registerInstance(db: Db, identity: InstanceIdentity): Promise<void> {
  const startedAt = new Date(identity.startedAt);
  await db
    .insert(serverInstances)
    .values({ ...identity, startedAt, lastSeenAt: startedAt })
    .onConflictDoUpdate({ target: serverInstances.id, set: { lastSeenAt: startedAt, stoppedAt: null } });
}

export async function markStopped(db: Db, id: string, now: number): Promise<void> {
  await db.execute(
    sql`update server_instances set stopped_at = ${new Date(now)}, last_seen_at = ${new Date(now)} where id = ${id}`,
  );
}

export async function diskUsage(folder: string): Promise<{ used: number; free: number }> {
  const stats = await statfs(folder);
  return { used: (stats.blocks - stats.bfree) * stats.bsize, free: stats.bavail * stats.bsize };
}

export interface SamplerOptions {
  db: Db;
  identity: InstanceIdentity;
  /** Where the data lives (PGlite's folder; the working folder with PostgreSQL). */
  dataFolder: string;
  openConnections: () => Promise<number>;
  now: () => number;
}

export interface ProcessSampler {
  /** Takes one sample, stores it and beats the heartbeat. */
  sample(): Promise<void>;
  stop(): void;
}

export function createProcessSampler(options: SamplerOptions): ProcessSampler {
  const { db, identity } = options;
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  let lastCpu = process.cpuUsage();
  let lastElu = performance.eventLoopUtilization();
  let lastAt = performance.now();

  return {
    async sample() {
      const elapsedMs = Math.max(performance.now() - lastAt, 1);
      const cpu = process.cpuUsage(lastCpu);
      const elu = performance.eventLoopUtilization(lastElu);
      lastCpu = process.cpuUsage();
      lastElu = performance.eventLoopUtilization();
      lastAt = performance.now();
      const delayP99 = delay.percentile(99) / 1e6;
      delay.reset();

      const began = performance.now();
      // null: the database did not answer (the sample is still taken, for the rest).
      const dbRoundTripMs = await db.execute(sql`select 1`).then(
        () => performance.now() - began,
        () => null,
      );
      const queues = await jobQueuesOverview(db).catch(() => []);
      const disk = await diskUsage(options.dataFolder).catch(() => ({ used: 0, free: 0 }));
      const memory = process.memoryUsage();
      const at = new Date(options.now());
      await db.insert(processSamples).values({
        instanceId: identity.id,
        sampledAt: at,
        cpuPercent: ((cpu.user + cpu.system) / 1000 / elapsedMs) * 100,
        rssBytes: memory.rss,
        heapUsedBytes: memory.heapUsed,
        memoryPercent: (memory.rss / os.totalmem()) * 100,
        eventLoopDelayP99Ms: Number.isFinite(delayP99) ? delayP99 : 0,
        eventLoopUtilization: elu.utilization,
        dbRoundTripMs,
        openConnections: await options.openConnections(),
        jobBacklog: queues.reduce((n, q) => n + q.counts.created + q.counts.retry, 0),
        jobFailures: queues.reduce((n, q) => n + q.counts.failed, 0),
        diskUsedBytes: disk.used,
        diskFreeBytes: disk.free,
      });
      await db.execute(
        sql`update server_instances set last_seen_at = ${at}, stopped_at = null where id = ${identity.id}`,
      );
    },
    stop() {
      delay.disable();
    },
  };
}
