/**
 * The audit trail at scale: 1,000,000 chained records (BENCH_AUDIT_ROWS to change), on PGlite in a data
 * directory (or PostgreSQL with BENCH_DATABASE_URL).
 *  - a filtered, sorted page (first page, then keyset pages deep in the result): p95 under 50 ms;
 *  - a full CSV export through the same streaming code as the download: rows per second (goal over
 *    200,000) and peak memory while it runs (goal: flat, i.e. independent of the number of rows).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { verifyAuditChain } from '../server/audit/chain';
import { countAudit, queryAuditPage, type AuditQuery } from '../server/audit/query';
import { openDatabase, type Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { EXPORTS } from '../server/exports/stream';
import { seedAuditTrail } from '../server/seed/audit';
import type { BenchResult } from './run';

const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const SAMPLES = 40;
const PAGE = 100;

type PageCase = { name: string; query: Omit<AuditQuery, 'limit' | 'cursor'> };

const CASES: PageCase[] = [
  { name: 'newest first', query: { sort: 'timestamp', order: 'desc' } },
  { name: 'action=UPDATE, newest first', query: { action: 'UPDATE', sort: 'timestamp', order: 'desc' } },
  {
    name: 'status=failure + severity=critical, by user',
    query: { status: 'failure', severity: 'critical', sort: 'user', order: 'asc' },
  },
  { name: 'by action, descending', query: { sort: 'action', order: 'desc' } },
  {
    name: 'one day, action=LOGIN, oldest first',
    query: {
      action: 'LOGIN',
      from: '2026-01-10T00:00:00.000Z',
      to: '2026-01-10T23:59:59.999Z',
      sort: 'timestamp',
      order: 'asc',
    },
  },
  { name: "search 'dana'", query: { search: 'dana', sort: 'timestamp', order: 'desc' } },
  // A rare value of a field the search reaches through its trigram index (issue 29): one address.
  {
    name: "search an address '10.0.213.72'",
    query: { search: '10.0.213.72', sort: 'timestamp', order: 'desc' },
  },
  {
    name: 'search a value no record holds',
    query: { search: 'no-such-value', sort: 'timestamp', order: 'desc' },
  },
];

function p95(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

async function openBenchDatabase(): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    return { database, cleanup: () => database.close() };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'console-bench-audit-'));
  const database = await openDatabase({ dataDir: dir });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function fill(database: Database): Promise<number> {
  // A fresh trail each run (the append-only trigger set aside for this bench database only).
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`delete from audit_logs`);
  });
  // Bulk load: indexes are built once at the end (their definitions read back from the catalogue).
  const indexes = (await database.db.execute(
    sql`select indexname, indexdef from pg_indexes where tablename = 'audit_logs' and indexname <> 'audit_logs_pkey'`,
  )) as { rows: { indexname: string; indexdef: string }[] };
  for (const { indexname } of indexes.rows) await database.db.execute(sql.raw(`drop index "${indexname}"`));
  const started = performance.now();
  await seedAuditTrail(database.db, {
    count: ROWS,
    start: new Date('2026-01-01T00:00:00.000Z'),
    stepMs: 5_000,
    people: [
      { id: null, name: 'Avery Admin', email: 'admin@demo.example' },
      { id: null, name: 'Olivia Owner', email: 'owner@demo.example' },
      { id: null, name: 'Dana Director', email: 'director@demo.example' },
      { id: null, name: 'Sam Operator', email: 'sam@demo.example' },
    ],
  });
  for (const { indexdef } of indexes.rows) await database.db.execute(sql.raw(indexdef));
  await database.db.execute(sql`analyze audit_logs`);
  return performance.now() - started;
}

/** p95 of the first page, and of keyset pages taken from 20 pages deep. */
async function measurePage(database: Database, c: PageCase): Promise<BenchResult[]> {
  const first: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await queryAuditPage(database.db, { ...c.query, limit: PAGE });
    first.push(performance.now() - t);
  }
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const page = await queryAuditPage(database.db, { ...c.query, limit: PAGE, cursor });
    cursor = page.nextCursor ?? undefined;
    if (!cursor) break;
  }
  const deep: number[] = [];
  for (let i = 0; cursor && i < SAMPLES; i++) {
    const t = performance.now();
    await queryAuditPage(database.db, { ...c.query, limit: PAGE, cursor });
    deep.push(performance.now() - t);
  }
  const t = performance.now();
  const total = await countAudit(database.db, c.query);
  const countMs = performance.now() - t;
  const results: BenchResult[] = [
    {
      name: `audit page p95: ${c.name}`,
      value: p95(first),
      unit: 'ms',
      target: { max: 50 },
      detail: `${PAGE} rows of ${total.toLocaleString('en-US')} matching, ${ROWS.toLocaleString('en-US')} records`,
    },
  ];
  if (deep.length > 0) {
    results.push({
      name: `audit page p95 (keyset, 21st page): ${c.name}`,
      value: p95(deep),
      unit: 'ms',
      target: { max: 50 },
    });
  }
  results.push({
    name: `audit filtered count: ${c.name}`,
    value: countMs,
    unit: 'ms',
    detail: 'first page only',
  });
  return results;
}

/** The full CSV export of every record, consumed as the download would be; memory sampled as it runs. */
async function measureExport(database: Database): Promise<BenchResult[]> {
  const result = (await database.db.execute(sql`select max(seq)::int as seq from audit_logs`)) as {
    rows: { seq: number }[];
  };
  const head = result.rows[0];
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakHeap = baseline.heapUsed;
  let peakRss = baseline.rss;
  // Sampled at each chunk: PGlite answers without yielding to timers, so an interval would never fire.
  const sample = () => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  };
  let bytes = 0;
  let lines = 0;
  const started = performance.now();
  const scope = { organizationId: null, frozenAt: new Date(), frozenSeq: head?.seq ?? 0, options: {} };
  for await (const chunk of EXPORTS['audit-logs'].chunks(database.db, scope, 'csv')) {
    sample();
    bytes += Buffer.byteLength(chunk);
    for (let i = chunk.indexOf('\r\n'); i !== -1; i = chunk.indexOf('\r\n', i + 2)) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = lines - 1;
  const mb = (n: number) => n / 1024 / 1024;
  return [
    {
      name: 'audit CSV export throughput',
      value: rows / seconds,
      unit: 'rows/s',
      target: { min: 200_000 },
      detail: `${rows.toLocaleString('en-US')} rows, ${mb(bytes).toFixed(0)} MB in ${seconds.toFixed(1)} s`,
    },
    {
      name: 'audit CSV export peak heap growth',
      value: mb(peakHeap - baseline.heapUsed),
      unit: 'MB',
      detail: `file ${mb(bytes).toFixed(0)} MB; rss growth ${mb(peakRss - baseline.rss).toFixed(0)} MB (includes the database's own cache)`,
    },
  ];
}

/** "Verify integrity" over the whole chain: every record re-hashed in order. */
async function measureVerify(database: Database): Promise<BenchResult> {
  const started = performance.now();
  const result = await verifyAuditChain(database.db);
  const seconds = (performance.now() - started) / 1000;
  return {
    name: 'audit chain verify',
    value: result.checked / seconds,
    unit: 'records/s',
    detail: `${result.checked.toLocaleString('en-US')} records in ${seconds.toFixed(1)} s, ${result.valid ? 'valid' : 'BROKEN'}`,
  };
}

export async function measureAuditTrail(): Promise<BenchResult[]> {
  const { database, cleanup } = await openBenchDatabase();
  try {
    await migrateDatabase(database);
    const fillMs = await fill(database);
    const results: BenchResult[] = [
      {
        name: 'audit trail fill (chained, batched)',
        value: ROWS / (fillMs / 1000),
        unit: 'rows/s',
        detail: `${ROWS.toLocaleString('en-US')} records on ${database.kind}`,
      },
    ];
    for (const c of CASES) results.push(...(await measurePage(database, c)));
    results.push(...(await measureExport(database)));
    results.push(await measureVerify(database));
    return results;
  } finally {
    await cleanup();
  }
}
