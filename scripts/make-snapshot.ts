// Build step: the database dumps a new embedded PGlite data directory starts from, the demo's and the
// empty one (server/db/snapshot.ts). Also filed in the tests' cache under their key (scripts/snapshot-key.ts),
// so the test run after a build loads them instead of making the same snapshots again (~10 s of CPU).
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createSnapshots, DEMO_SNAPSHOT_FILE, EMPTY_SNAPSHOT_FILE } from '../server/db/snapshot';
import { cachedSnapshotFile, demoSnapshotKey, SNAPSHOT_CACHE_DIR } from './snapshot-key';

const now = Date.now();
const key = await demoSnapshotKey(now);
const snapshots = await createSnapshots(now);
// The empty one first: a demo snapshot in the tests' cache means both are there
// (tests/support/demo-snapshot.ts).
for (const [kind, file] of [
  ['empty', EMPTY_SNAPSHOT_FILE],
  ['demo', DEMO_SNAPSHOT_FILE],
] as const) {
  const snapshot = snapshots[kind];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, Buffer.from(await snapshot.arrayBuffer()));
  console.log(`${kind} database snapshot: ${(snapshot.size / 1024 / 1024).toFixed(1)} MiB`);
  // Copied under a name of its own, then renamed: a test run reading the cache never sees half a file.
  await mkdir(SNAPSHOT_CACHE_DIR, { recursive: true });
  const partial = `${cachedSnapshotFile(key, kind)}.${process.pid}.partial`;
  await copyFile(file, partial);
  await rename(partial, cachedSnapshotFile(key, kind));
}
