/**
 * The console as a cluster (issue 28), started once for this file by the same module as `npm run cluster`
 * (scripts/cluster/cluster.mjs): PostgreSQL primary and streaming standby, PgBouncer in session mode, two
 * instances of the production build, HAProxy. Everything is proven through the balancer, as a client sees it.
 * Skipped, with the reason in its name, only where Debian's packages are missing and cannot be installed.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SetupError, downSync, serverStates, up, type ClusterState } from '../../scripts/cluster/cluster.mjs';
import { clusterRequirements, ensureInstalled } from '../../scripts/test-setup.mjs';
import { DEMO_PASSWORD } from '../../server/seed/demo-users';
import { openSse, type SseReader } from '../support/sse';

/** Why the cluster cannot run here (its packages are missing and cannot be installed), or undefined. */
function unavailable(): string | undefined {
  try {
    ensureInstalled({ needs: clusterRequirements(), purpose: 'the cluster suite', log: () => undefined });
    return undefined;
  } catch (error) {
    if (error instanceof SetupError) return error.message;
    throw error;
  }
}
const reason = unavailable();
if (reason) console.warn(`tests/cluster skipped: ${reason}`);

interface Answer {
  status: number;
  body: { success?: boolean; data?: unknown; error?: unknown } | undefined;
}

/** Keep-alive connections to the balancer, as a client's would be. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One request; `localAddress` makes the client connect from another loopback address (127.0.0.7, …). */
function call(
  method: string,
  url: string,
  options: { token?: string; body?: unknown; localAddress?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        // A client from another address gets its own connection: keep-alive ones all come from 127.0.0.1.
        agent: options.localAddress ? false : agent,
        localAddress: options.localAddress,
        timeout: 30_000,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let body: Answer['body'];
          try {
            body = text ? (JSON.parse(text) as Answer['body']) : undefined;
          } catch {
            body = undefined;
          }
          resolve({ status: response.statusCode ?? 0, body });
        });
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(payload);
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

describe.skipIf(reason)(`the console as a cluster${reason ? ` (skipped: ${reason})` : ''}`, () => {
  let dir: string;
  let cluster: ClusterState;
  let db: pg.Client;
  let token: string;
  const run = randomUUID().slice(0, 8);
  // A vitest fork that dies (a timeout, Ctrl-C) still stops what the cluster started.
  const stop = () => dir && downSync(dir);

  beforeAll(async () => {
    // In memory where the machine has it: the databases' files are written, synced and removed in no time.
    const parent = existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
    dir = mkdtempSync(path.join(parent, 'ops-console-cluster-test-'));
    process.once('exit', stop);
    // As every test server (TEST_SHEDDING): no event-loop shedding, which on the loaded test machine would
    // answer 503 'busy' and take instances out of the rotation for reasons of the machine, not the cluster.
    cluster = await up({ instances: 2, dir, install: false, env: { SHED_EVENT_LOOP_DELAY_MS: '0' } });
    db = new pg.Client({ connectionString: cluster.primaryUrl });
    await db.connect();
    const login = await call('POST', `${cluster.balancer}/auth/login`, {
      body: { email: 'admin@demo.example', password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    token = (login.body?.data as { token: string }).token;
  }, 240_000);

  afterAll(async () => {
    agent.destroy();
    await db?.end().catch(() => undefined);
    stop();
    process.removeListener('exit', stop);
  }, 60_000);

  it('answers through the balancer, each instance counted up by its readiness check', async () => {
    expect(cluster.instances.map((instance) => instance.n)).toEqual([1, 2]);
    expect((await serverStates(cluster)).map(({ name, status }) => ({ name, status }))).toEqual([
      { name: 'console1', status: 'UP' },
      { name: 'console2', status: 'UP' },
    ]);
    const health = await call('GET', `${cluster.balancer}/auth/test`);
    expect(health.status).toBe(200);
    expect(health.body?.data).toMatchObject({ status: 'ok', database: 'postgres' });
    // The standby streams from the primary.
    const standby = await db.query<{ state: string }>(
      `select state from pg_stat_replication where application_name = 'standby'`,
    );
    expect(standby.rows).toEqual([{ state: 'streaming' }]);
  });

  it("passes the client's address, not a forged one, to the throttle and the audit trail on every instance", async () => {
    const email = `nobody-${run}@example.com`;
    // Two failed sign-ins from 127.0.0.7, each claiming to come from 203.0.113.9; the balancer drops the
    // claim and names the address it was reached from, the only hop the instances trust.
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await call('POST', `${cluster.balancer}/auth/login`, {
        localAddress: '127.0.0.7',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        body: { email, password: 'not-the-password-1' },
      });
      expect(refused.status).toBe(401);
    }
    const throttle = await db.query<{ key: string; failures: number }>(
      `select key, failures from login_throttle where key like $1 or key like '%203.0.113.9%' order by key`,
      [`%127.0.0.7%`],
    );
    // Counted in the database, so the count is the same whichever instance answered.
    expect(throttle.rows).toEqual([
      { key: `account:${email}|127.0.0.7`, failures: 2 },
      { key: 'ip:127.0.0.7', failures: 2 },
    ]);
    const audit = await db.query<{ ip: string }>(
      `select ip_address as ip from audit_logs where action = 'LOGIN' and status = 'failure' and user_email = $1`,
      [email],
    );
    expect(audit.rows.map((row) => row.ip)).toEqual(['127.0.0.7', '127.0.0.7']);
  });

  it('streams an alert raised on one instance, once, to consoles subscribed through the balancer on each', async () => {
    // Two consoles at once: HAProxy balances by least connections, so each stream lands on its own instance.
    const [one, two] = await Promise.all(
      [0, 1].map(() => openSse(`${cluster.balancer}/alerts/stream`, { authorization: `Bearer ${token}` })),
    );
    try {
      expect([one!.status, two!.status]).toEqual([200, 200]);
      const states = await serverStates(cluster);
      expect(
        states.every((entry) => entry.sessions >= 1),
        JSON.stringify(states),
      ).toBe(true);
      // The demonstration alerts (demo data) are raised by instance 1's job runner, which the stream on
      // instance 1 starts; the stream on instance 2 hears them through PostgreSQL's NOTIFY.
      const live = (reader: SseReader) =>
        reader.events.filter((event) => event.event === 'alert').map((event) => event.id);
      const onBoth = () => live(one!).filter((id) => live(two!).includes(id));
      await until('the same live alert on both streams', async () => onBoth().length > 0, 30_000).catch(
        (error: Error) => {
          const seen = (reader: SseReader) => reader.events.map((event) => `${event.event} ${event.id}`);
          throw new Error(`${error.message}: ${JSON.stringify([seen(one!), seen(two!)])}`);
        },
      );
      // Each alert once per console.
      for (const reader of [one!, two!]) {
        const ids = reader.events.map((event) => event.id);
        expect(new Set(ids).size).toBe(ids.length);
      }
    } finally {
      one?.close();
      two?.close();
    }
  });

  it('routes around an instance killed under a stream of writes: ≤ 1 % fail, no acknowledged write lost or doubled', async () => {
    const total = 600;
    const workers = 3;
    const killAfter = 150;
    const victim = cluster.instances[1]!;
    // The client-side ledger: every write with a name of its own, and what the client was told.
    const ledger = new Map<string, string>();
    let next = 0;
    let acknowledged = 0;
    let killedAt: number | undefined;
    const write = async () => {
      while (next < total) {
        const name = `cluster ${run} ${next++}`;
        try {
          const answer = await call('POST', `${cluster.balancer}/roles`, { token, body: { name } });
          ledger.set(name, answer.status >= 200 && answer.status < 300 ? 'ok' : `status ${answer.status}`);
          if (ledger.get(name) === 'ok') acknowledged++;
        } catch (error) {
          ledger.set(name, `error ${(error as Error).message}`);
        }
        if (killedAt === undefined && acknowledged >= killAfter) {
          killedAt = ledger.size;
          process.kill(victim.pid, 'SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: workers }, write));
    expect(killedAt, 'the instance was killed mid-stream').toBeDefined();

    const failures = [...ledger].filter(([, outcome]) => outcome !== 'ok');
    console.info(
      `cluster: ${failures.length} of ${total} writes failed around the kill of instance ${victim.n}: ${failures.map(([, outcome]) => outcome).join(', ')}`,
    );
    expect(ledger.size).toBe(total);
    expect(failures.length, JSON.stringify(failures)).toBeLessThanOrEqual(total * 0.01);
    // A write sent twice would meet its own name: HAProxy retries only connections that never reached an
    // instance (deploy/haproxy.cfg), so no write may be refused as a duplicate.
    expect(failures.filter(([, outcome]) => outcome === 'status 409')).toEqual([]);

    const rows = await db.query<{ name: string; copies: number }>(
      `select name, count(*)::int as copies from roles where name like $1 group by name`,
      [`cluster ${run} %`],
    );
    const stored = new Map(rows.rows.map((row) => [row.name, row.copies]));
    const lost = [...ledger].filter(([name, outcome]) => outcome === 'ok' && stored.get(name) !== 1);
    expect(lost, 'acknowledged writes lost').toEqual([]);
    expect(
      rows.rows.filter((row) => row.copies !== 1),
      'writes stored twice',
    ).toEqual([]);
    // Nothing the client never sent.
    expect([...stored.keys()].filter((name) => !ledger.has(name))).toEqual([]);

    // The balancer took the dead instance out of the rotation; the other one still serves.
    await until('HAProxy marks the killed instance down', async () => {
      const states = await serverStates(cluster);
      return states.find((entry) => entry.name === `console${victim.n}`)?.status.startsWith('DOWN') ?? false;
    });
    expect((await call('GET', `${cluster.balancer}/auth/test`)).status).toBe(200);
  }, 180_000);
});
