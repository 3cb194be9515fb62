import { openDatabase, type Database } from '../server/db/client';
import { DEFAULT_DATABASE_TIMEOUTS } from '../server/config';
import { createPostgresDatabase } from '../tests/support/databases';
import type { BenchResult } from './run';

/**
 * Runs a measurement on a fresh PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a
 * PostgreSQL server, on a fresh database there too (dropped afterwards). `measure` closes what it is given.
 */
export async function onEachDatabase(
  measure: (label: string, database: Database) => Promise<BenchResult[]>,
): Promise<BenchResult[]> {
  const results = await measure('PGlite', await openDatabase());
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const created = await createPostgresDatabase(serverUrl);
    try {
      // A seed of millions of rows builds its keys in single statements: past the server's 15 s bound.
      const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, statementTimeoutMs: 600_000, queryTimeoutMs: 660_000 };
      results.push(...(await measure('PostgreSQL', await openDatabase({ url: created.url, timeouts }))));
    } finally {
      await created.drop();
    }
  }
  return results;
}
