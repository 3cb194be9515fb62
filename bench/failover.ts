/**
 * The failover drill (issue 28 item 3) on the cluster of `npm run cluster` (scripts/cluster/cluster.mjs),
 * twice: with asynchronous and with synchronous replication. Under a steady stream of writes through the
 * balancer (creating roles, each with a name of its own, in a client-side ledger), the primary's processes
 * are frozen and killed, the standby promoted (`pg_ctl promote`) and PgBouncer re-pointed (its ini rendered
 * again, RELOAD). RTO: seconds from the kill until a write succeeds again. RPO: acknowledged writes the
 * promoted standby does not have. The promotion is scripted at once: in production add the time whatever
 * decides on failover takes to notice (docs/scale.md).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  downSync,
  killPrimary,
  promoteStandby,
  repointPgbouncer,
  up,
  type ClusterState,
} from '../scripts/cluster/cluster.mjs';
import { DEMO_PASSWORD } from '../server/seed/demo-users';
import type { BenchResult } from './run';

const WORKERS = 4;
const BEFORE_KILL_MS = Number(process.env.BENCH_FAILOVER_WARMUP_MS) || 4_000;
const AFTER_RECOVERY_MS = 2_000;
const GIVE_UP_MS = 60_000;

interface Write {
  name: string;
  started: number;
  ended: number;
  ok: boolean;
}

async function signIn(balancer: string): Promise<string> {
  const response = await fetch(`${balancer}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in through the balancer answered ${response.status}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

async function drill(synchronous: boolean) {
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(path.join(parent, 'ops-console-failover-'));
  const stop = () => downSync(dir);
  // Ctrl-C or a kill stops what the drill started too (an `exit` handler alone misses signals).
  const interrupted = () => {
    stop();
    process.exit(130);
  };
  process.once('exit', stop);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const cluster: ClusterState = await up({ instances: 2, dir, synchronous, install: false });
    const token = await signIn(cluster.balancer);
    const ledger: Write[] = [];
    let serial = 0;
    let killedAt = Number.POSITIVE_INFINITY;
    let recoveredAt = Number.POSITIVE_INFINITY;
    let done = false;
    const worker = async () => {
      while (!done) {
        const name = `failover ${synchronous ? 'sync' : 'async'} ${serial++}`;
        const started = performance.now();
        let ok: boolean;
        try {
          const response = await fetch(`${cluster.balancer}/roles`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ name }),
            signal: AbortSignal.timeout(30_000),
          });
          await response.arrayBuffer();
          ok = response.ok;
        } catch {
          ok = false;
        }
        const ended = performance.now();
        ledger.push({ name, started, ended, ok });
        if (ok && started > killedAt && recoveredAt === Number.POSITIVE_INFINITY) recoveredAt = ended;
        // While nothing can succeed, one attempt per worker every 100 ms, as a client retrying would.
        if (!ok) await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const writers = Array.from({ length: WORKERS }, worker);
    await new Promise((resolve) => setTimeout(resolve, BEFORE_KILL_MS));

    killedAt = performance.now();
    killPrimary(cluster);
    promoteStandby(cluster);
    await repointPgbouncer(cluster, cluster.ports.standby);
    const promotedAt = performance.now();
    const deadline = Date.now() + GIVE_UP_MS;
    while (recoveredAt === Number.POSITIVE_INFINITY && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, AFTER_RECOVERY_MS));
    done = true;
    await Promise.all(writers);

    // The promoted standby is the database now: which acknowledged writes does it have?
    const client = new pg.Client({ connectionString: cluster.standbyUrl });
    await client.connect();
    const stored = new Set(
      (await client.query<{ name: string }>(`select name from roles where name like 'failover %'`)).rows.map(
        (row) => row.name,
      ),
    );
    await client.end();
    const acknowledged = ledger.filter((write) => write.ok);
    const lost = acknowledged.filter((write) => !stored.has(write.name));
    const beforeKill = acknowledged.filter((write) => write.ended < killedAt);
    return {
      rtoSeconds: (recoveredAt - killedAt) / 1000,
      promotionSeconds: (promotedAt - killedAt) / 1000,
      lost: lost.length,
      acknowledged: acknowledged.length,
      failed: ledger.length - acknowledged.length,
      writeMs: median(beforeKill.map((write) => write.ended - write.started)),
      writesBeforeKill: beforeKill.length,
    };
  } finally {
    stop();
    process.removeListener('exit', stop);
    process.removeListener('SIGINT', interrupted);
    process.removeListener('SIGTERM', interrupted);
  }
}

export async function measureFailover(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const synchronous of [false, true]) {
    const mode = synchronous ? 'synchronous' : 'asynchronous';
    const outcome = await drill(synchronous);
    const detail = `${outcome.acknowledged} writes acknowledged (${outcome.writesBeforeKill} before the kill), ${outcome.failed} failed during the failover; promotion and PgBouncer re-pointed ${outcome.promotionSeconds.toFixed(2)} s after the kill`;
    results.push(
      { name: `failover RTO, ${mode} replication`, value: outcome.rtoSeconds, unit: 's', detail },
      {
        name: `failover RPO, ${mode} replication`,
        value: outcome.lost,
        unit: 'acknowledged writes lost',
        ...(synchronous ? { target: { max: 0 } } : {}),
      },
      {
        name: `write through the balancer, ${mode} replication (median)`,
        value: outcome.writeMs,
        unit: 'ms',
      },
    );
  }
  return results;
}

// `node --import tsx bench/failover.ts`: the drill alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const result of await measureFailover()) {
    console.log(
      `${result.name}: ${result.value.toFixed(2)} ${result.unit}${result.detail ? ` (${result.detail})` : ''}`,
    );
  }
}
