/**
 * A 12-month financial report (the Financial Review template, year to date, with the 12-month revenue
 * series) over the 10,000-organization benchmark seed, generated as PDF and as XLSX through the server's
 * full path (POST /reports/:id/generate, the figures from the screens' functions, the file rendered and
 * stored). Target: each under 5 s. Memory: heap and RSS after each of RUNS generations, the first and the
 * last side by side (flat = no growth per report). PGlite, and PostgreSQL when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set. BENCH_REPORTS_SCALE scales the seed down for a quick run.
 */
import type { FastifyInstance } from 'fastify';
import type { ReportDefinition } from '../shared/api/reports';
import { REPORT_TEMPLATES } from '../shared/reports';
import { openDatabase, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { insertBenchmarkBusiness } from '../server/seed/bench-business';
import { createPostgresDatabase } from '../tests/support/databases';
import { bearer, buildTestApp, insertUser, tokenFor } from '../tests/support/server';
import type { BenchResult } from './run';

const TARGET_MS = 5_000;
const RUNS = 6;
const scale = Number(process.env.BENCH_REPORTS_SCALE ?? '1');
// The financial figures read organizations and subscriptions; children only feed a column of top centers.
const SIZE = { organizations: Math.round(10_000 * scale), children: Math.round(100_000 * scale) };
const MB = 1024 * 1024;

const financial = REPORT_TEMPLATES.find((t) => t.id === 'financial-review');

async function generateOnce(app: FastifyInstance, token: string, id: string): Promise<ReportDefinition> {
  const headers = bearer(token);
  const started = await app.inject({ method: 'POST', url: `/reports/${id}/generate`, headers });
  if (started.statusCode !== 200) throw new Error(`generate: ${started.statusCode} ${started.body}`);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const list = await app.inject({ method: 'GET', url: '/reports', headers });
    const found = (list.json() as { data: { reports: ReportDefinition[] } }).data.reports.find(
      (r) => r.id === id,
    );
    if (found && found.status !== 'running') {
      if (found.status === 'error') throw new Error(found.error ?? 'generation failed');
      return found;
    }
  }
}

async function measureOn(kind: string, database: Database): Promise<BenchResult[]> {
  if (!financial) throw new Error('no financial template');
  const now = Date.now();
  const clock = { now: () => Date.now(), advance: () => undefined };
  await migrateDatabase(database);
  await insertBenchmarkBusiness(database.db, now, SIZE);
  const admin = await insertUser(database, 'super_admin');
  const token = await tokenFor(database, clock, admin.id);
  const app = await buildTestApp(database, clock);
  const results: BenchResult[] = [];
  try {
    for (const format of ['pdf', 'xlsx'] as const) {
      const created = await app.inject({
        method: 'POST',
        url: '/reports',
        headers: bearer(token),
        payload: {
          name: `Financial Review ${format}`,
          type: 'financial',
          format,
          schedule: 'manual',
          metrics: financial.metrics,
          filters: { organizationId: null, plan: null, period: 'ytd' },
        },
      });
      const id = (created.json() as { data: ReportDefinition }).data.id;
      const times: number[] = [];
      const memory: { heap: number; rss: number }[] = [];
      let size = 0;
      for (let i = 0; i < RUNS; i++) {
        const began = performance.now();
        size = (await generateOnce(app, token, id)).size ?? 0;
        times.push(performance.now() - began);
        globalThis.gc?.();
        const m = process.memoryUsage();
        memory.push({ heap: m.heapUsed / MB, rss: m.rss / MB });
      }
      const sorted = [...times].sort((a, b) => a - b);
      const first = memory[0]!;
      const last = memory[memory.length - 1]!;
      results.push(
        {
          name: `${kind}: 12-month financial report, ${format.toUpperCase()} (worst of ${RUNS})`,
          value: sorted[sorted.length - 1]!,
          unit: 'ms',
          target: { max: TARGET_MS },
          detail: `median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, ${(size / 1024).toFixed(0)} KB, ${SIZE.organizations} orgs`,
        },
        {
          name: `${kind}: ${format.toUpperCase()} heap after run 1 → ${RUNS}`,
          value: last.heap - first.heap,
          unit: 'MB growth',
          detail: `heap ${first.heap.toFixed(0)} → ${last.heap.toFixed(0)} MB, RSS ${first.rss.toFixed(0)} → ${last.rss.toFixed(0)} MB${globalThis.gc ? '' : ' (no --expose-gc)'}`,
        },
      );
    }
  } finally {
    await app.close();
  }
  return results;
}

export async function measureReports(): Promise<BenchResult[]> {
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

// `node --expose-gc --import tsx bench/reports.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measureReports()) {
    console.log(`${r.name.padEnd(64)} ${r.value.toFixed(1).padStart(9)} ${r.unit}  ${r.detail ?? ''}`);
  }
}
