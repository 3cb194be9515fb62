/**
 * Issue 28 item 4: throughput of the cluster of `npm run cluster` (scripts/cluster/cluster.mjs) through its
 * balancer at 1, 2 and 3 instances, and of one server on embedded PGlite (dist/server/cli.js, no balancer)
 * for comparison. Four routes: token verification, the business dashboard, a page of the audit trail, and a
 * write (saving the caller's alert notification settings: an idempotent upsert with its audit record).
 * autocannon runs in a process of its own (bench/autocannon.ts). The build machine has 2 cores shared by
 * PostgreSQL, PgBouncer, HAProxy, the instances and autocannon, so more instances cannot add cores: the
 * figure that says how well the cluster scales is the per-instance efficiency (req/s per instance over
 * req/s of one instance), not the speed-up.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { CLI, downSync, up } from '../scripts/cluster/cluster.mjs';
import { freePort } from '../scripts/test-setup.mjs';
import { DEMO_PASSWORD } from '../server/seed/demo-users';
import { runAutocannon } from './autocannon';
import type { BenchResult } from './run';

const CONNECTIONS = Number(process.env.BENCH_CLUSTER_CONNECTIONS) || 20;
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS) || 5;
const INSTANCES = [1, 2, 3];

interface Route {
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  /** The request body, read from the server once signed in (the write saves what it read). */
  body?: (base: string, token: string) => Promise<string>;
}

const ROUTES: Route[] = [
  { name: 'verify', method: 'POST', path: '/auth/verify' },
  { name: 'dashboard', method: 'GET', path: '/dashboard/business' },
  { name: 'audit page', method: 'GET', path: '/audit-logs?limit=50' },
  {
    name: 'write',
    method: 'PUT',
    path: '/alerts/notification-settings',
    body: async (base, token) => {
      const { data } = (await request(base, 'GET', '/alerts/notification-settings', token)) as {
        data: Record<string, unknown>;
      };
      const { smsProviderConfigured: _, ...settings } = data;
      return JSON.stringify(settings);
    },
  },
];

interface Figure {
  perSecond: number;
  p99: number;
  failed: number;
  /** The machine's 1-minute load average as the run began: the machine is shared. */
  load: number;
}

async function request(base: string, method: string, url: string, token?: string, body?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body,
  });
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}`);
  return (await response.json()) as unknown;
}

async function signIn(base: string): Promise<string> {
  const answer = (await request(
    base,
    'POST',
    '/auth/login',
    undefined,
    JSON.stringify({ email: 'admin@demo.example', password: DEMO_PASSWORD }),
  )) as { data: { token: string } };
  return answer.data.token;
}

/** Each route under load in turn, after a short warm-up of each. */
async function measureRoutes(base: string): Promise<Map<string, Figure>> {
  const token = await signIn(base);
  const figures = new Map<string, Figure>();
  for (const route of ROUTES) {
    const body = route.body ? await route.body(base, token) : undefined;
    const args = [
      '-m',
      route.method,
      '-c',
      String(CONNECTIONS),
      '-H',
      `authorization=Bearer ${token}`,
      ...(body ? ['-H', 'content-type=application/json', '-b', body] : []),
      `${base}${route.path}`,
    ];
    await runAutocannon(['-d', '1', ...args]);
    const load = loadavg()[0]!;
    const result = await runAutocannon(['-d', String(SECONDS), ...args]);
    figures.set(route.name, {
      perSecond: result.requests.total / result.duration,
      p99: result.latency.p99,
      failed: result.non2xx + result.errors + result.timeouts,
      load,
    });
  }
  return figures;
}

async function onCluster(instances: number): Promise<Map<string, Figure>> {
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(path.join(parent, 'ops-console-throughput-'));
  const stop = () => downSync(dir);
  process.once('exit', stop);
  try {
    const cluster = await up({ instances, dir, install: false });
    return await measureRoutes(cluster.balancer);
  } finally {
    stop();
    process.removeListener('exit', stop);
  }
}

/** One production server on embedded PGlite (its demo data), as the desktop app runs it. */
async function onPglite(): Promise<Map<string, Figure>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ops-console-throughput-pglite-'));
  const port = await freePort();
  let child: ChildProcess | undefined;
  try {
    child = spawn(process.execPath, [CLI], {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME ?? tmpdir(),
        PORT: String(port),
        CONSOLE_DATA_DIR: dir,
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 120_000;
    for (;;) {
      const ok = await fetch(`${base}/auth/test`).then(
        (response) => response.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error('the PGlite server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return await measureRoutes(base);
  } finally {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureClusterThroughput(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const single = new Map<string, Figure>();
  for (const instances of INSTANCES) {
    const figures = await onCluster(instances);
    for (const route of ROUTES) {
      const figure = figures.get(route.name)!;
      if (instances === 1) single.set(route.name, figure);
      const efficiency = figure.perSecond / instances / single.get(route.name)!.perSecond;
      results.push({
        name: `cluster ${route.name}, ${instances} instance${instances > 1 ? 's' : ''}`,
        value: figure.perSecond,
        unit: 'req/s',
        detail: `p99 ${figure.p99} ms; per-instance efficiency ${(efficiency * 100).toFixed(0)} % of 1 instance; ${figure.failed} failed; ${CONNECTIONS} connections through HAProxy; load ${figure.load.toFixed(1)}`,
      });
    }
  }
  const embedded = await onPglite();
  for (const route of ROUTES) {
    const figure = embedded.get(route.name)!;
    const ratio = figure.perSecond / single.get(route.name)!.perSecond;
    results.push({
      name: `embedded PGlite ${route.name}`,
      value: figure.perSecond,
      unit: 'req/s',
      detail: `p99 ${figure.p99} ms; ${(ratio * 100).toFixed(0)} % of 1 cluster instance; ${figure.failed} failed; ${CONNECTIONS} connections, no balancer; load ${figure.load.toFixed(1)}`,
    });
  }
  return results;
}

// `node --import tsx bench/cluster-throughput.ts`: these figures alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const result of await measureClusterThroughput()) {
    console.log(`${result.name}: ${result.value.toFixed(0)} ${result.unit} (${result.detail})`);
  }
}
