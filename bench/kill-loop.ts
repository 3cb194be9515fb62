/**
 * Crash safety (issue 27 item 5): the kill loop of tests/support/kill-loop.ts at full length, 50 kills per
 * engine (BENCH_KILLS), on PGlite in a fresh data folder and, when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * names a PostgreSQL server, on a fresh database there. Prints the kills, the restarts that opened,
 * acknowledged writes lost and duplicates (both must be 0), the audit chain checks, and the recovery
 * time per restart (spawn to the first answer of the health check), p50 and p95.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPostgresDatabase } from '../tests/support/databases';
import { runKillLoop, type KillLoopEngine, type KillLoopResult } from '../tests/support/kill-loop';
import type { BenchResult } from './run';

const KILLS = Number(process.env.BENCH_KILLS) || 50;

export async function measureKillLoop(): Promise<BenchResult[]> {
  const results = await measureOn('pglite');
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) results.push(...(await measureOn('postgres', serverUrl)));
  return results;
}

async function measureOn(engine: KillLoopEngine, serverUrl?: string): Promise<BenchResult[]> {
  const work = await mkdtemp(path.join(tmpdir(), 'console-kill-bench-'));
  const database = serverUrl ? await createPostgresDatabase(serverUrl) : undefined;
  try {
    const result = await runKillLoop({
      engine,
      kills: KILLS,
      workDir: work,
      ...(database ? { databaseUrl: database.url } : {}),
      log: (line) => console.error(`  ${line}`),
    });
    return report(engine === 'pglite' ? 'PGlite' : 'PostgreSQL', result);
  } finally {
    await database?.drop();
    await rm(work, { recursive: true, force: true });
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

export function report(label: string, r: KillLoopResult): BenchResult[] {
  const acknowledged = Object.values(r.acknowledged).reduce((n, each) => n + each, 0);
  const kinds = Object.entries(r.acknowledged)
    .map(([kind, n]) => `${n} ${kind}`)
    .join(', ');
  const first = (list: string[]) => (list.length > 0 ? `; first: ${list[0]}` : '');
  return [
    {
      name: `kill loop: restarts that opened (${label})`,
      value: r.restartsOpened,
      unit: `of ${r.kills} kills`,
      target: { min: r.kills },
      detail: `${r.problems.length} problems${first(r.problems)}${r.startNotes.length ? `; start notes: ${r.startNotes.join(' | ')}` : ''}`,
    },
    {
      name: `kill loop: acknowledged writes lost (${label})`,
      value: r.lost.length,
      unit: 'writes',
      target: { max: 0 },
      detail: `${acknowledged} acknowledged (${kinds})${first(r.lost)}`,
    },
    {
      name: `kill loop: duplicates (${label})`,
      value: r.duplicates.length,
      unit: 'writes/jobs/deliveries',
      target: { max: 0 },
      detail: `${r.deliveries} webhook deliveries received, ${r.redelivered} again with the same id after a kill (at-least-once, the id dedupes), ${r.pendingAfterLease} awaiting their lease; ${r.backupsAwaitingStale} backups awaiting the stale-run check${first(r.duplicates)}`,
    },
    {
      name: `kill loop: audit chain verified (${label})`,
      value: r.auditChecks - r.auditFailures.length,
      unit: `of ${r.auditChecks} starts`,
      target: { min: r.auditChecks },
      detail: first(r.auditFailures).replace(/^; /, ''),
    },
    {
      name: `kill loop: recovery p50 (${label})`,
      value: percentile(r.recoveryMs, 50),
      unit: 'ms',
      detail: `spawn to the health check's first answer, ${r.recoveryMs.length} restarts`,
    },
    { name: `kill loop: recovery p95 (${label})`, value: percentile(r.recoveryMs, 95), unit: 'ms' },
  ];
}
