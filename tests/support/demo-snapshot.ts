/**
 * The demo snapshot (server/db/snapshot.ts: migrated, catalogue synced, demo dataset loaded), and the
 * empty one a start without the demo loads, for tests that start whole servers: made once per run and kept
 * on disk, so that each such server loads it in seconds instead of seeding the demo again (~20 s of PGlite
 * each). They are the files the build makes for a first start (dist/server/pglite-{demo,empty}.tar.gz),
 * made from the sources under test: keyed by every server and shared source file, the PGlite version, and
 * the UTC day the demo is anchored to (scripts/snapshot-key.ts). A build files its own there under the same
 * key: `npm test` loads the build's.
 */
import { mkdir, rename, rmdir, stat, writeFile } from 'node:fs/promises';
import { createSnapshots, type SnapshotKind } from '../../server/db/snapshot';
import { cachedSnapshotFile, demoSnapshotKey, SNAPSHOT_CACHE_DIR } from '../../scripts/snapshot-key';
/** Longer than a snapshot takes on a busy machine: a lock this old was left by a killed run. */
const STALE_LOCK_MS = 5 * 60_000;
const WAIT_STEP_MS = 250;

let made: Promise<Record<SnapshotKind, string>> | undefined;

/** The path of the demo snapshot for today's sources, made by the first test file of the run that asks. */
export const demoSnapshotFile = async (): Promise<string> => (await snapshotFiles()).demo;

/** The empty one (migrated, no data: a first start that refuses the demo), made alike. */
export const emptySnapshotFile = async (): Promise<string> => (await snapshotFiles()).empty;

/**
 * Both snapshots come from one database (createSnapshots): made together, under the demo file's lock, the
 * empty one filed first, so that a demo file in the cache means both are there (make-snapshot.ts files the
 * build's in the same order).
 */
function snapshotFiles(): Promise<Record<SnapshotKind, string>> {
  made ??= (async () => {
    const now = Date.now();
    const key = await demoSnapshotKey(now);
    const files = { demo: cachedSnapshotFile(key, 'demo'), empty: cachedSnapshotFile(key, 'empty') };
    await cachedFile(files.demo, async () => {
      const snapshots = await createSnapshots(now);
      await writeWhole(files.empty, snapshots.empty);
      return snapshots.demo;
    });
    return files;
  })();
  return made;
}

/**
 * `file` in the tests' cache, made by `make` when missing. Test files run in parallel forks: the first
 * that asks makes it (mkdir of `<file>.lock` is the atomic claim), the others wait for it instead of
 * making their own; written under another name and renamed, so a file is never read half-written.
 */
export async function cachedFile(file: string, make: () => Promise<Blob>): Promise<string> {
  const lock = `${file}.lock`;
  await mkdir(SNAPSHOT_CACHE_DIR, { recursive: true });
  for (;;) {
    if (await exists(file)) return file;
    try {
      await mkdir(lock);
    } catch {
      const since = await stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      if (since > STALE_LOCK_MS) await rmdir(lock).catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
      continue;
    }
    try {
      if (await exists(file)) return file;
      await writeWhole(file, await make());
      return file;
    } finally {
      await rmdir(lock).catch(() => undefined);
    }
  }
}

/** Written under another name and renamed: a reader never sees half a file. */
async function writeWhole(file: string, contents: Blob): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, Buffer.from(await contents.arrayBuffer()));
  await rename(partial, file);
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
