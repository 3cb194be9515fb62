// Build step: the demo database dump that a new embedded PGlite data directory starts from. Also filed in
// the tests' cache under its key (scripts/snapshot-key.ts), so the test run after a build loads it instead
// of making the same snapshot again (~10 s of CPU).
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createDemoSnapshot, DEMO_SNAPSHOT_FILE } from '../server/db/snapshot';
import { cachedSnapshotFile, demoSnapshotKey, SNAPSHOT_CACHE_DIR } from './snapshot-key';

const now = Date.now();
const key = await demoSnapshotKey(now);
const snapshot = await createDemoSnapshot(now);
await mkdir(path.dirname(DEMO_SNAPSHOT_FILE), { recursive: true });
await writeFile(DEMO_SNAPSHOT_FILE, Buffer.from(await snapshot.arrayBuffer()));
console.log(`demo database snapshot: ${(snapshot.size / 1024 / 1024).toFixed(1)} MiB`);

// Copied under a name of its own, then renamed: a test run reading the cache never sees half a file.
await mkdir(SNAPSHOT_CACHE_DIR, { recursive: true });
const partial = `${cachedSnapshotFile(key)}.${process.pid}.partial`;
await copyFile(DEMO_SNAPSHOT_FILE, partial);
await rename(partial, cachedSnapshotFile(key));
