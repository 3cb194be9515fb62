// The key of a demo snapshot made from this checkout: every server and shared source file, the PGlite
// version, and the UTC day the demo is seeded on. The build files its snapshot under it in the tests'
// cache (make-snapshot.ts), so the test run that follows loads it instead of making its own
// (tests/support/demo-snapshot.ts); sources changed since the build, or another day, make another key.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { startOfUtcDay } from '../server/business/formulas';
import type { SnapshotKind } from '../server/db/snapshot';

/** The tests' cache of databases: the migrated one (tests/support/databases.ts) and the demo snapshots. */
export const SNAPSHOT_CACHE_DIR = path.resolve('node_modules/.cache/ops-console-tests');

export async function demoSnapshotKey(now: number): Promise<string> {
  const hash = createHash('sha256').update(String(startOfUtcDay(now)));
  for (const root of ['server', 'shared']) {
    for (const file of (await readdir(root, { recursive: true })).sort()) {
      if (/\.(ts|sql|json)$/.test(file)) hash.update(file).update(await readFile(path.join(root, file)));
    }
  }
  hash.update(await readFile('node_modules/@electric-sql/pglite/package.json'));
  return hash.digest('hex').slice(0, 16);
}

/** Where the demo (or empty) snapshot of `key` is kept for the tests. */
export const cachedSnapshotFile = (key: string, kind: SnapshotKind = 'demo'): string =>
  path.join(SNAPSHOT_CACHE_DIR, `pglite-${kind}-${key}.tar.gz`);
