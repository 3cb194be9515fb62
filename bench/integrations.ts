/**
 * Integrations (issue 16):
 * - webhook deliveries per second to a local sink: N events to one endpoint, each emitted and then sent by
 *   the delivery loop (leased in batches, signed, sent, recorded), from the first emit until the last
 *   success, on PGlite and, when TEST_DATABASE_URL names one, PostgreSQL (target ≥ 200/s on PGlite);
 * - what an API key costs against a session token (JWT) on `POST /auth/verify`, the cheapest call that
 *   authenticates (`GET /auth/test`, the health check, is public: no credential is looked at there, so
 *   it is shown as the floor), alternated over rounds to spread the machine's noise.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { count, eq } from 'drizzle-orm';
import type { SettingsDocument } from '../shared/api/settings';
import type { Database } from '../server/db/client';
import { integrations, webhookDeliveries } from '../server/db/schema';
import { migrateDatabase } from '../server/db/migrate';
import { createWebhookService } from '../server/integrations/service';
import { createJobRunner } from '../server/jobs/runner';
import { createLogger } from '../server/logger';
import { createSecretBox, generateSecretKey } from '../server/security/secret-box';
import { startServer } from '../server/start';
import { onEachDatabase } from './databases';
import type { BenchResult } from './run';

const DELIVERIES = 1000;
const ROUNDS = 2;
const logger = createLogger({ level: 'silent' });

export async function measureIntegrations(): Promise<BenchResult[]> {
  return [...(await onEachDatabase(measureDeliveries)), ...(await measureApiKeyOverhead())];
}

async function measureDeliveries(label: string, database: Database): Promise<BenchResult[]> {
  let received = 0;
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received++;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const runner = createJobRunner({ database, logger });
  try {
    await migrateDatabase(database);
    const key = generateSecretKey();
    const service = createWebhookService({
      db: database.db,
      now: Date.now,
      secrets: createSecretBox(key),
      outbound: { allow: ['127.0.0.1/32'] },
      logger,
    });
    await service.attachJobs(runner);
    await runner.start();
    const id = '22222222-2222-4222-8222-222222222222';
    await database.db.insert(integrations).values({
      id,
      name: 'Bench sink',
      type: 'webhook',
      url: `http://127.0.0.1:${(sink.address() as AddressInfo).port}/in`,
      events: ['export.completed'],
      status: 'active',
      secretSealed: createSecretBox(key).seal(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, id),
      createdAt: new Date(),
    });
    const started = performance.now();
    for (let n = 0; n < DELIVERIES; n++) await service.emit('export.completed', { n });
    const done = async () =>
      (
        await database.db
          .select({ n: count() })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.status, 'success'))
      )[0]?.n ?? 0;
    while ((await done()) < DELIVERIES) {
      if (performance.now() - started > 300_000) throw new Error('deliveries did not finish in 5 minutes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    return [
      {
        name: `webhook deliveries to a local sink (${label})`,
        value: DELIVERIES / seconds,
        unit: '/s',
        ...(label === 'PGlite' ? { target: { min: 200 } } : {}),
        detail: `${DELIVERIES} events, emit to last success; sink saw ${received}`,
      },
    ];
  } finally {
    await runner.stop(1);
    sink.close();
    await database.close();
  }
}

async function measureApiKeyOverhead(): Promise<BenchResult[]> {
  const server = await startServer({ port: 0, logger });
  try {
    const login = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@demo.example', password: 'demo-Console-2026' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const created = await fetch(`${server.url}/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', scopes: ['system.view_health'] }),
    });
    const apiKey = ((await created.json()) as { data: { key: string } }).data.key;
    // Limiting on (its per-key counting is part of the cost) with a maximum no run reaches.
    const auth = { authorization: `Bearer ${token}` };
    const doc = (
      (await (await fetch(`${server.url}/settings`, { headers: auth })).json()) as { data: SettingsDocument }
    ).data;
    const performanceSettings = {
      ...doc.settings.performance,
      rateLimitEnabled: true,
      maxRequestsPerMinute: 1_000_000,
    };
    await fetch(`${server.url}/settings`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        settings: { ...doc.settings, performance: performanceSettings },
        version: doc.version,
      }),
    });
    const run = (url: string, method: 'GET' | 'POST', authorization?: string) =>
      autocannon({
        url: `${server.url}${url}`,
        method,
        headers: authorization ? { authorization } : {},
        connections: 4,
        duration: 5,
      });
    const floor: number[] = [];
    const jwt: number[] = [];
    const key: number[] = [];
    let failures = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const a = await run('/auth/test', 'GET');
      const b = await run('/auth/verify', 'POST', `Bearer ${token}`);
      const c = await run('/auth/verify', 'POST', `Bearer ${apiKey}`);
      floor.push(a.requests.average);
      jwt.push(b.requests.average);
      key.push(c.requests.average);
      failures += b.non2xx + b.errors + c.non2xx + c.errors;
    }
    const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    return [
      { name: 'GET /auth/test (public, no credential)', value: mean(floor), unit: 'req/s' },
      { name: 'POST /auth/verify with a session token', value: mean(jwt), unit: 'req/s' },
      {
        name: 'POST /auth/verify with an API key',
        value: mean(key),
        unit: 'req/s',
        detail: `${failures} non-2xx over both authenticated runs`,
      },
      {
        name: 'API key vs session token throughput',
        value: ((mean(jwt) - mean(key)) / mean(jwt)) * 100,
        unit: '% slower',
      },
    ];
  } finally {
    await server.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureIntegrations()) console.log(r);
}
