/**
 * The kill loop (issue 27, item 5): a real server process is killed with SIGKILL at random moments while a
 * client writes roles, users (each with its audit record and a `user.created` webhook delivery), exports,
 * backups and report generations, then started again on the same data. After every restart: the data
 * opens, the audit chain verifies, and every write the client saw acknowledged is there exactly once (the
 * client's ledger). At the end, with the deliveries drained and the server stopped cleanly, the database
 * itself is read: no acknowledged write lost, none doubled, no webhook delivery made twice for one event,
 * no report generated more often than asked, no backup left running.
 * Used by tests/integration/main/kill-loop.test.ts (3 kills) and bench/kill-loop.ts (50 per engine).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import pg from 'pg';
import { RUN_STALE_AFTER_MS } from '../../server/backups/service';
import { openDatabase } from '../../server/db/client';
import { startWebhookSink, type WebhookSink } from './webhook-sink';

export type KillLoopEngine = 'pglite' | 'postgres';

export interface KillLoopOptions {
  engine: KillLoopEngine;
  kills: number;
  /** A folder of the loop's own: the PGlite data folder, the backups. */
  workDir: string;
  /** PostgreSQL: a database of the loop's own (created empty by the caller), filled with the demo at first start. */
  databaseUrl?: string;
  /** How long writes run before each kill: a random moment in this range (ms). */
  writeWindowMs?: [number, number];
  /** Requests in flight at once. */
  concurrency?: number;
  /**
   * How long the end waits for the webhook deliveries to be made (ms). An attempt a kill cut short is
   * due again only when its lease ends (the webhook timeout and 45 s), so a short wait leaves those pending.
   */
  drainMs?: number;
  /** Progress lines (restarts, kills). */
  log?: (line: string) => void;
}

export interface KillLoopResult {
  engine: KillLoopEngine;
  kills: number;
  /** Starts after a kill that came up and answered. */
  restartsOpened: number;
  /** ms from the restart's spawn to the first answer of the health check, one per restart. */
  recoveryMs: number[];
  /** Acknowledged writes, by kind. */
  acknowledged: Record<WriteKind, number>;
  /** Acknowledged writes missing after a restart or at the end (must be empty). */
  lost: string[];
  /** Writes, jobs or deliveries found more than once (must be empty). */
  duplicates: string[];
  /** Audit chain verifications, one per start (must all pass). */
  auditChecks: number;
  auditFailures: string[];
  /** What else went wrong: a start that failed, a backup left running, deliveries never made. */
  problems: string[];
  /** Deliveries still pending at the end with a next attempt set: due again once a kill's lease ends. */
  pendingAfterLease: number;
  /**
   * PostgreSQL: backup runs a kill cut short, still `running` at the end because their heartbeat stopped
   * less than RUN_STALE_AFTER_MS (90 s) and a backup tick ago: another instance may still be writing them.
   */
  backupsAwaitingStale: number;
  /** Webhook deliveries the receiver got, by distinct webhook-id. */
  deliveries: number;
  /**
   * Deliveries received again with the same webhook-id: a kill between the send and its recorded success
   * makes the next start send it again, which is at-least-once delivery; the receiver drops it by its id.
   */
  redelivered: number;
  /** What the server's log said about opening the data after a kill (PGlite repairs, fallbacks). */
  startNotes: string[];
}

export type WriteKind = 'role' | 'user' | 'export' | 'backup' | 'report';

/** The demo dataset's platform administrator (server/seed). */
const ADMIN = { email: 'admin@demo.example', password: 'demo-Console-2026' };
const STARTUP_TIMEOUT_MS = 180_000;

/** The server entry, bundled as scripts/build.mjs bundles cli.ts; two levels below the root, as dist/server/. */
export async function bundleKillLoopServer(root = process.cwd()): Promise<string> {
  const outfile = path.join(root, 'node_modules', '.cache', 'ops-console-kill-loop-server.mjs');
  await mkdir(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(root, 'tests/support/kill-loop-server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Child {
  process: ChildProcess;
  exited: Promise<unknown>;
  output: () => string;
}

function spawnServer(entry: string, env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { process: child, exited: once(child, 'exit'), output: () => output };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const randomIn = ([low, high]: [number, number]) => low + Math.random() * (high - low);

/** Waits until the server answers its health check; throws when the process ends first or never answers. */
async function waitUntilAnswering(base: string, child: Child): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let ended = false;
  void child.exited.then(() => (ended = true));
  while (Date.now() < deadline) {
    if (ended) throw new Error(`the server ended while starting:\n${child.output().slice(-4000)}`);
    try {
      const response = await fetch(`${base}/auth/test`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new Error(
    `the server did not answer within ${STARTUP_TIMEOUT_MS} ms:\n${child.output().slice(-4000)}`,
  );
}

interface Api {
  call(method: string, url: string, body?: unknown): Promise<{ status: number; data: unknown }>;
  /** `call`, but a 503 (the start's own work shed as busy, the database not yet reachable) is tried again. */
  settled(method: string, url: string, body?: unknown): Promise<{ status: number; data: unknown }>;
}

function api(base: string, token?: string): Api {
  const self: Api = {
    async settled(method, url, body) {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const answer = await self.call(method, url, body);
        if (answer.status !== 503 || Date.now() > deadline) return answer;
        await sleep(500);
      }
    },
    async call(method, url, body) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      const parsed = text ? (JSON.parse(text) as { data?: unknown }) : {};
      return { status: response.status, data: parsed.data };
    },
  };
  return self;
}

/** What the client saw acknowledged: ids by kind (report generations by count per report). */
interface Ledger {
  role: string[];
  user: string[];
  export: string[];
  backup: string[];
  report: Map<string, number>;
  /**
   * Generations that may have been queued: acknowledged, or cut by a kill before any answer (the
   * request may have committed; its job then runs after the restart). A clear refusal is not counted.
   */
  reportMaybe: Map<string, number>;
}

/** Runs the loop; the caller owns `workDir` and the PostgreSQL database, and removes them after. */
export async function runKillLoop(options: KillLoopOptions): Promise<KillLoopResult> {
  const { engine, kills, workDir, log = () => undefined } = options;
  const window = options.writeWindowMs ?? [300, 2_500];
  const concurrency = options.concurrency ?? 4;
  if (engine === 'postgres' && !options.databaseUrl) throw new Error('PostgreSQL needs a databaseUrl');
  const entry = await bundleKillLoopServer();
  const dataDir = path.join(workDir, 'console');
  await mkdir(dataDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // Fixed, so that one sign-in's token holds across restarts.
    JWT_SECRET: randomBytes(32).toString('hex'),
    CONSOLE_SECRET_KEY: randomBytes(32).toString('base64'),
    CONSOLE_DEFAULT_BACKUPS: 'off',
    CONSOLE_LAUNCH_SECRET: '',
    CONSOLE_DATA_DIR: dataDir,
    ...(engine === 'postgres'
      ? { DATABASE_URL: options.databaseUrl, CONSOLE_SEED_DEMO: '1' }
      : { DATABASE_URL: '' }),
  };

  const result: KillLoopResult = {
    engine,
    kills: 0,
    restartsOpened: 0,
    recoveryMs: [],
    acknowledged: { role: 0, user: 0, export: 0, backup: 0, report: 0 },
    lost: [],
    duplicates: [],
    auditChecks: 0,
    auditFailures: [],
    problems: [],
    deliveries: 0,
    pendingAfterLease: 0,
    backupsAwaitingStale: 0,
    redelivered: 0,
    startNotes: [],
  };
  const ledger: Ledger = {
    role: [],
    user: [],
    export: [],
    backup: [],
    report: new Map(),
    reportMaybe: new Map(),
  };
  const sink = await startWebhookSink();
  let child: Child | undefined;
  try {
    const started = Date.now();
    child = spawnServer(entry, env);
    await waitUntilAnswering(base, child);
    log(`${engine}: first start answered after ${Date.now() - started} ms`);
    const login = await api(base).settled('POST', '/auth/login', ADMIN);
    const token = (login.data as { token?: string } | undefined)?.token;
    if (login.status !== 200 || !token) throw new Error(`sign-in answered ${login.status}`);
    const client = api(base, token);
    const setup = await prepare(client, sink);

    for (let kill = 1; kill <= kills; kill++) {
      await checkAfterStart(client, ledger, result, `start ${kill}`);
      await writeUntilKilled(client, setup, ledger, result, child, randomIn(window), concurrency);
      await child.exited;
      result.kills += 1;
      result.startNotes.push(...startNotes(child.output()));
      const restarted = Date.now();
      child = spawnServer(entry, env);
      try {
        await waitUntilAnswering(base, child);
      } catch (error) {
        result.problems.push(`restart ${kill}: ${(error as Error).message}`);
        break;
      }
      result.restartsOpened += 1;
      result.recoveryMs.push(Date.now() - restarted);
      log(`${engine}: kill ${kill}, answered again after ${Date.now() - restarted} ms`);
    }
    if (result.restartsOpened === result.kills) {
      await checkAfterStart(client, ledger, result, 'the last start');
      await drainDeliveries(client, setup.integrationId, options.drainMs ?? 120_000);
    }
    // A clean stop, so that the final reading sees the folder as the server left it.
    child.process.kill('SIGTERM');
    await Promise.race([child.exited, sleep(30_000)]);
    child.process.kill('SIGKILL');
    result.startNotes.push(...startNotes(child.output()));
    child = undefined;
    await finalReading(engine, options.databaseUrl, dataDir, ledger, setup, sink, result);
  } finally {
    if (child) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
    await sink.close();
  }
  result.acknowledged = {
    role: ledger.role.length,
    user: ledger.user.length,
    export: ledger.export.length,
    backup: ledger.backup.length,
    report: [...ledger.report.values()].reduce((n, each) => n + each, 0),
  };
  return result;
}

interface Setup {
  integrationId: string;
  /**
   * Reports of the loop's own: one a kill left `running` refuses another generation until its job is
   * taken over after its lease (5 min) or swept, so the loop asks the others meanwhile.
   */
  reportIds: string[];
}

const REPORTS = 6;

/** A webhook to the receiver for every event the writes make, and a report of the loop's own to generate. */
async function prepare(client: Api, sink: WebhookSink): Promise<Setup> {
  const hook = await client.settled('POST', '/integrations', {
    name: 'Kill loop receiver',
    url: sink.at('/hook'),
    events: ['user.created', 'export.completed', 'report.generated', 'backup.completed', 'backup.failed'],
  });
  const integrationId = (hook.data as { integration?: { id?: string } } | undefined)?.integration?.id;
  if (hook.status !== 200 || !integrationId) throw new Error(`the webhook was refused (${hook.status})`);
  const reportIds: string[] = [];
  for (let n = 1; n <= REPORTS; n++) {
    const report = await client.settled('POST', '/reports', {
      name: `Kill loop report ${n}`,
      type: 'financial',
      format: 'xlsx',
      schedule: 'manual',
      metrics: ['costByService'],
    });
    const reportId = (report.data as { id?: string } | undefined)?.id;
    if (report.status !== 200 || !reportId) throw new Error(`the report was refused (${report.status})`);
    reportIds.push(reportId);
  }
  return { integrationId, reportIds };
}

/** Lines of the server's log about opening its data (PGlite folder repairs and fallbacks). */
function startNotes(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.includes('PGlite data folder') || line.includes('did not open'))
    .map((line) => {
      try {
        return String((JSON.parse(line) as { msg?: string }).msg ?? line);
      } catch {
        return line;
      }
    });
}

/** After a start: the audit chain verifies, and each acknowledged role and user is there exactly once. */
async function checkAfterStart(client: Api, ledger: Ledger, result: KillLoopResult, when: string) {
  const verified = await client.settled('GET', '/audit-logs/verify');
  result.auditChecks += 1;
  const broken = (verified.data as { firstBroken?: unknown } | undefined)?.firstBroken;
  if (verified.status !== 200 || broken)
    result.auditFailures.push(`${when}: ${verified.status} ${JSON.stringify(broken)}`);
  const roles = await client.settled('GET', '/roles');
  if (roles.status !== 200) {
    result.problems.push(`${when}: the roles list answered ${roles.status}`);
    return;
  }
  const ids = ((roles.data as { id: string }[] | undefined) ?? []).map((role) => role.id);
  for (const id of ledger.role) {
    const found = ids.filter((each) => each === id).length;
    if (found === 0) result.lost.push(`${when}: role ${id}`);
    if (found > 1) result.duplicates.push(`${when}: role ${id} ×${found}`);
  }
}

/**
 * Writes from `concurrency` clients until the server is killed at `afterMs`: only what answered 2xx goes
 * in the ledger (a request cut by the kill may or may not have committed; either is allowed, twice is not).
 */
async function writeUntilKilled(
  client: Api,
  setup: Setup,
  ledger: Ledger,
  result: KillLoopResult,
  child: Child,
  afterMs: number,
  concurrency: number,
): Promise<void> {
  let killed = false;
  let backupInFlight = false;
  let reportInFlight = false;
  const writeOnce = async () => {
    const pick = Math.random();
    if (pick < 0.35) {
      const answer = await client.call('POST', '/roles', { name: `Kill loop ${randomUUID()}` });
      const id = (answer.data as { id?: string } | undefined)?.id;
      if (answer.status === 200 && id) ledger.role.push(id);
    } else if (pick < 0.7) {
      const unique = randomUUID();
      const answer = await client.call('POST', '/users', {
        name: 'Kill loop',
        email: `kill-${unique}@loop.example`,
        role: 'staff',
      });
      const id = (answer.data as { user?: { id?: string } } | undefined)?.user?.id;
      if (answer.status === 200 && id) ledger.user.push(id);
    } else if (pick < 0.85) {
      const answer = await client.call('POST', '/export', { type: 'users', format: 'csv' });
      const id = (answer.data as { id?: string } | undefined)?.id;
      if (answer.status === 200 && id) ledger.export.push(id);
    } else if (pick < 0.93 && !backupInFlight) {
      backupInFlight = true;
      try {
        const answer = await client.call('POST', '/backups/runs', {});
        const id = (answer.data as { runId?: string } | undefined)?.runId;
        if (answer.status === 200 && id) ledger.backup.push(id);
      } finally {
        backupInFlight = false;
      }
    } else if (!reportInFlight) {
      reportInFlight = true;
      try {
        const reportId = setup.reportIds[Math.floor(Math.random() * setup.reportIds.length)]!;
        const count = (map: Map<string, number>, by: number) =>
          map.set(reportId, (map.get(reportId) ?? 0) + by);
        count(ledger.reportMaybe, 1);
        const answer = await client.call('POST', `/reports/${reportId}/generate`);
        if (answer.status === 200) count(ledger.report, 1);
        else count(ledger.reportMaybe, -1);
      } finally {
        reportInFlight = false;
      }
    }
  };
  const writer = async () => {
    while (!killed) {
      try {
        await writeOnce();
      } catch {
        // The kill cut the request: its outcome is unknown, so it is not in the ledger.
      }
    }
  };
  const killer = (async () => {
    await sleep(afterMs);
    // The ledger closes with the kill: an answer that arrives after it is not counted (it cannot arrive).
    child.process.kill('SIGKILL');
    killed = true;
  })();
  await Promise.all([killer, ...Array.from({ length: concurrency }, writer)]);
  void result;
}

/** Waits (bounded) until the receiver's webhook has no delivery still due. */
async function drainDeliveries(client: Api, integrationId: string, drainMs: number): Promise<void> {
  const deadline = Date.now() + drainMs;
  while (Date.now() < deadline) {
    const answer = await client.call(
      'GET',
      `/integrations/deliveries?integrationId=${integrationId}&limit=500`,
    );
    const rows = (answer.data as { deliveries?: { status: string }[] } | undefined)?.deliveries ?? [];
    // The list says 'other' for a delivery still pending (shared/integrations.ts).
    if (answer.status === 200 && !rows.some((row) => row.status === 'other')) return;
    await sleep(500);
  }
}

type Rows = Record<string, unknown>[];

/** The database read directly, the server stopped: exactly once, nothing doubled, nothing left running. */
async function finalReading(
  engine: KillLoopEngine,
  databaseUrl: string | undefined,
  dataDir: string,
  ledger: Ledger,
  setup: Setup,
  sink: WebhookSink,
  result: KillLoopResult,
): Promise<void> {
  const { query, close } = await reader(engine, databaseUrl, dataDir);
  try {
    const exactlyOnce = async (kind: string, table: string, ids: string[]) => {
      if (ids.length === 0) return;
      const rows = await query(
        `select id::text as id, count(*)::int as n from ${table} where id::text = any($1) group by id`,
        [ids],
      );
      const counts = new Map(rows.map((row) => [String(row.id), Number(row.n)]));
      for (const id of ids) {
        const n = counts.get(id) ?? 0;
        if (n === 0) result.lost.push(`${kind} ${id}`);
        if (n > 1) result.duplicates.push(`${kind} ${id} ×${n}`);
      }
    };
    await exactlyOnce('role', 'roles', ledger.role);
    await exactlyOnce('user', 'users', ledger.user);
    await exactlyOnce('export', 'export_jobs', ledger.export);
    await exactlyOnce('backup run', 'backup_runs', ledger.backup);

    // One audit record for each acknowledged change, written in its transaction.
    const audited = async (resource: string, action: string, ids: string[]) => {
      if (ids.length === 0) return;
      const rows = await query(
        `select resource_id as id, count(*)::int as n from audit_logs
          where resource = $1 and action = $2 and resource_id = any($3) group by resource_id`,
        [resource, action, ids],
      );
      const counts = new Map(rows.map((row) => [String(row.id), Number(row.n)]));
      for (const id of ids) {
        const n = counts.get(id) ?? 0;
        if (n === 0) result.lost.push(`audit record of ${resource} ${id}`);
        if (n > 1) result.duplicates.push(`audit record of ${resource} ${id} ×${n}`);
      }
    };
    await audited('role', 'CREATE', ledger.role);
    await audited('user', 'CREATE', ledger.user);

    // One user.created event per acknowledged user, and one delivery of each event to the receiver.
    if (ledger.user.length > 0) {
      const events = await query(
        `select data->>'userId' as id, count(*)::int as n from webhook_events
          where type = 'user.created' and data->>'userId' = any($1) group by 1`,
        [ledger.user],
      );
      const counts = new Map(events.map((row) => [String(row.id), Number(row.n)]));
      for (const id of ledger.user) {
        const n = counts.get(id) ?? 0;
        if (n === 0) result.lost.push(`user.created event of ${id}`);
        if (n > 1) result.duplicates.push(`user.created event of ${id} ×${n}`);
      }
    }
    const doubled = await query(
      `select event_id, count(*)::int as n from webhook_deliveries
        where integration_id = $1 and replay_of is null and event_id is not null
        group by event_id having count(*) > 1`,
      [setup.integrationId],
    );
    for (const row of doubled)
      result.duplicates.push(`deliveries of event ${String(row.event_id)} ×${row.n}`);
    const deliveries = await query(
      `select webhook_id, status, next_attempt_at from webhook_deliveries where integration_id = $1`,
      [setup.integrationId],
    );
    const received = new Map<string, number>();
    for (const request of sink.received) {
      const id = String(request.headers['webhook-id'] ?? '');
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    result.deliveries = received.size;
    result.redelivered = [...received.values()].reduce((n, times) => n + times - 1, 0);
    const known = new Set(deliveries.map((row) => String(row.webhook_id)));
    for (const id of received.keys())
      if (!known.has(id)) result.problems.push(`the receiver got webhook ${id}, which no delivery names`);
    for (const row of deliveries) {
      const id = String(row.webhook_id);
      if (row.status === 'success' && !received.has(id))
        result.lost.push(`delivery ${id}: recorded as delivered, never received`);
      if (row.status !== 'pending') continue;
      if (row.next_attempt_at === null) result.problems.push(`delivery ${id} pending with no next attempt`);
      else result.pendingAfterLease += 1;
    }

    // No generation made twice: at most one file per request that may have queued one (acknowledged, or
    // cut by a kill after it committed: its job runs after the restart; a killed one may make none).
    const files = await query(
      `select report_id::text as id, count(*)::int as n from report_files
        where report_id::text = any($1) group by report_id`,
      [setup.reportIds],
    );
    for (const row of files) {
      const asked = ledger.reportMaybe.get(String(row.id)) ?? 0;
      if (Number(row.n) > asked)
        result.duplicates.push(
          `report ${String(row.id)}: ${String(row.n)} files for ${asked} generations asked`,
        );
    }

    // A backup cut by a kill is failed with its reason: on PGlite at the next start (the folder is one
    // server's); on PostgreSQL once its heartbeat is 90 s old, at a start or a backup tick (each minute).
    if (ledger.backup.length > 0) {
      const running = await query(
        `select id::text as id, extract(epoch from now() - coalesce(heartbeat_at, started_at))::float8 as age
           from backup_runs where status = 'running' and id::text = any($1)`,
        [ledger.backup],
      );
      for (const row of running) {
        if (engine === 'postgres' && Number(row.age) < (RUN_STALE_AFTER_MS + 60_000) / 1000)
          result.backupsAwaitingStale += 1;
        else result.problems.push(`backup run ${String(row.id)} left running`);
      }
    }
  } finally {
    await close();
  }
}

async function reader(engine: KillLoopEngine, databaseUrl: string | undefined, dataDir: string) {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    return {
      query: async (text: string, values: unknown[]) => (await client.query(text, values)).rows as Rows,
      close: () => client.end(),
    };
  }
  const database = await openDatabase({ dataDir: path.join(dataDir, 'database') });
  const client = database.driver.kind === 'pglite' ? database.driver.client : undefined;
  if (!client) throw new Error('expected PGlite');
  return {
    query: async (text: string, values: unknown[]) => (await client.query(text, values)).rows as Rows,
    close: () => database.close(),
  };
}
