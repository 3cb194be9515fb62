/**
 * GET /dashboard/stats and the business figures at 10,000 organizations and 1,000,000 children
 * (BENCH_BUSINESS_SCALE scales both down for a quick run): p95 of repeated requests through the
 * server's full stack (auth, permission, tenancy, validation, serialisation) on PGlite and, when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names a PostgreSQL server, on PostgreSQL. Target: < 50 ms.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDatabase, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { insertBenchmarkBusiness } from '../server/seed/bench-business';
import { createPostgresDatabase } from '../tests/support/databases';
import { bearer, buildTestApp, insertUser, tokenFor } from '../tests/support/server';
import type { BenchResult } from './run';

const TARGET_MS = 50;
const SAMPLES = 60;
const scale = Number(process.env.BENCH_BUSINESS_SCALE ?? '1');
const SIZE = { organizations: Math.round(10_000 * scale), children: Math.round(1_000_000 * scale) };

const ENDPOINTS = [
  { name: 'GET /dashboard/stats', url: '/dashboard/stats', tenant: true },
  { name: 'GET /dashboard/business (30d, platform)', url: '/dashboard/business?period=30d' },
  { name: 'GET /dashboard/business (ytd, platform)', url: '/dashboard/business?period=ytd' },
  { name: 'GET /dashboard/business/organization', url: '/dashboard/business/organization', tenant: true },
  { name: 'GET /cost/trend (1y)', url: '/cost/trend?period=1y' },
  { name: 'GET /cost/breakdown (1y)', url: '/cost/breakdown?period=1y' },
  { name: 'GET /cost/recommendations (30d)', url: '/cost/recommendations?period=30d' },
  { name: 'GET /cost/budgets', url: '/cost/budgets' },
  { name: 'GET /cost/score (30d)', url: '/cost/score?period=30d' },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function measureOn(kind: string, database: Database): Promise<BenchResult[]> {
  const now = Date.now();
  const clock = { now: () => Date.now(), advance: () => undefined };
  await migrateDatabase(database);
  const seeded = performance.now();
  await insertBenchmarkBusiness(database.db, now, SIZE);
  const seedSeconds = (performance.now() - seeded) / 1000;
  const admin = await insertUser(database, 'super_admin');
  const token = await tokenFor(database, clock, admin.id);
  // The largest account: enterprise, add-ons, attendance.
  const org = (await database.db.execute(
    sql`select id from organizations where slug = 'bench-center-1'`,
  )) as unknown as {
    rows: { id: string }[];
  };
  const organizationId = org.rows[0]!.id;
  const app: FastifyInstance = await buildTestApp(database, clock);
  const results: BenchResult[] = [
    {
      name: `${kind}: business seed`,
      value: seedSeconds,
      unit: 's',
      detail: `${SIZE.organizations} orgs, ${SIZE.children} children`,
    },
  ];
  try {
    for (const e of ENDPOINTS) {
      const headers = { ...bearer(token), ...(e.tenant ? { 'x-organization-id': organizationId } : {}) };
      const times: number[] = [];
      for (let i = 0; i < SAMPLES + 5; i++) {
        const began = performance.now();
        const response = await app.inject({ method: 'GET', url: e.url, headers });
        const elapsed = performance.now() - began;
        if (response.statusCode !== 200) throw new Error(`${e.url}: ${response.statusCode} ${response.body}`);
        if (i >= 5) times.push(elapsed); // the first few warm caches and JIT
      }
      times.sort((a, b) => a - b);
      results.push({
        name: `${kind}: ${e.name} p95`,
        value: percentile(times, 0.95),
        unit: 'ms',
        target: { max: TARGET_MS },
        detail: `median ${percentile(times, 0.5).toFixed(1)} ms over ${SAMPLES}`,
      });
    }
  } finally {
    await app.close();
  }
  return results;
}

export async function measureBusinessFigures(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const pglite = await openDatabase();
  try {
    results.push(...(await measureOn('PGlite', pglite)));
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const created = await createPostgresDatabase(serverUrl);
    const postgres = await openDatabase({ url: created.url });
    try {
      results.push(...(await measureOn('PostgreSQL', postgres)));
    } finally {
      await postgres.close();
      await created.drop();
    }
  }
  return results;
}

// `node --import tsx bench/business.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureBusinessFigures()) {
    console.log(`${r.name.padEnd(60)} ${r.value.toFixed(1).padStart(9)} ${r.unit}  ${r.detail ?? ''}`);
  }
}
