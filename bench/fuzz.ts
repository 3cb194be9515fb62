import { performance } from 'node:perf_hooks';
import type { Database } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { distinctFindings, fuzz } from '../tests/support/fuzz';
import { DESTRUCTIVE, fuzzOperations, knownIds } from '../tests/support/fuzz-targets';
import { buildTestApp, createClock } from '../tests/support/server';
import { createTenantFixture } from '../tests/support/tenancy';
import { onEachDatabase } from './databases';
import type { BenchResult } from './run';

/** Cases per operation (the test runs 12 with one seed); BENCH_FUZZ_SEED replays a run. */
const RUNS = Number(process.env.BENCH_FUZZ_RUNS) || 200;
const SEED = Number(process.env.BENCH_FUZZ_SEED) || Date.now() % 1_000_000;

/**
 * The API fuzzer of tests/support/fuzz.ts at length: every contract operation and download route, valid
 * and mutated inputs, with and without a super admin's token. Prints each distinct finding; the target is
 * none.
 */
export function measureFuzzing(): Promise<BenchResult[]> {
  return onEachDatabase(measureOn);
}

async function measureOn(label: string, database: Database): Promise<BenchResult[]> {
  const clock = createClock(Date.now());
  await migrateDatabase(database);
  const app = await buildTestApp(database, clock);
  try {
    const f = await createTenantFixture(database, clock);
    const started = performance.now();
    const figures = await fuzz({
      app,
      token: f.platformAdmin.token,
      context: { ids: knownIds(f), organization: f.orgA, destructive: DESTRUCTIVE },
      operations: fuzzOperations(),
      runs: RUNS,
      seed: SEED,
    });
    const seconds = (performance.now() - started) / 1000;
    const distinct = distinctFindings(figures.findings);
    for (const finding of distinct) console.error(`  fuzzing finding (${label}): ${JSON.stringify(finding)}`);
    const detail = `${figures.operations} operations × ${RUNS} cases, seed ${SEED}, ${JSON.stringify(figures.byStatus)}, ${seconds.toFixed(0)} s`;
    return [
      { name: `API fuzzing cases (${label})`, value: figures.cases, unit: 'cases', detail },
      {
        name: `API fuzzing findings (${label})`,
        value: distinct.length,
        unit: 'findings',
        target: { max: 0 },
        detail: `${figures.findings.length} failing cases`,
      },
    ];
  } finally {
    await app.close();
    await database.close();
  }
}
