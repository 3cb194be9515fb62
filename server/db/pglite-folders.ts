import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import { cp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGLITE_EXTENSIONS } from './pglite-extensions';
import type { PgliteHandle } from './pglite-handle';

/**
 * The folders beside a PGlite data folder `<dir>`:
 * - `<dir>.copy-<id>`: a copy a backup reads, or a restore loads, while the server goes on; one left at
 *   start is unfinished work (removed);
 * - `<dir>.previous-<time>`: the folder a restore replaced, kept until the next successful start;
 * - `<dir>.swap.json`: written before the two renames of a swap and removed after, so that a start after
 *   a crash between them finds the folders as they were.
 */
export interface PgliteFolder {
  dataDir: string;
  /**
   * A consistent copy of the data folder (checkpointed, nothing in flight while it is copied), to read
   * as a second PGlite while this one goes on serving; remove it with `rm` when done.
   */
  copy(): Promise<string>;
  /**
   * Puts a prepared (restored and verified) folder in the data folder's place: the requests wait for the
   * moment of the swap; the old folder becomes `<dir>.previous-<time>`. If the new folder does not open,
   * the old one comes back and this throws (the database is as it was). `beforeSwap` runs in the pause,
   * with the live instance, before anything moves (a failure there leaves everything as it was).
   */
  replaceWith(prepared: string, hooks?: { beforeSwap?(live: PGlite): Promise<void> }): Promise<void>;
}

interface SwapMarker {
  previous: string;
  prepared: string;
}

const markerOf = (dir: string) => `${dir}.swap.json`;
const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function exists(file: string): Promise<boolean> {
  try {
    await stat(file);
    return true;
  } catch {
    return false;
  }
}

async function siblings(dir: string, kind: 'copy' | 'previous'): Promise<string[]> {
  const parent = path.dirname(dir);
  const prefix = `${path.basename(dir)}.${kind}-`;
  const names = await readdir(parent).catch(() => [] as string[]);
  return names
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((name) => path.join(parent, name));
}

export function pgliteFolder(dataDir: string, handle: PgliteHandle): PgliteFolder {
  return {
    dataDir,
    async copy() {
      const target = `${dataDir}.copy-${randomUUID().slice(0, 8)}`;
      await handle.pause(async (current) => {
        // Every change on disk: the copy opens like a cleanly stopped server's folder.
        await current.exec('checkpoint');
        try {
          await cp(dataDir, target, { recursive: true });
        } catch (error) {
          // A full disk stops the copy half way: what was copied goes, not left for the next start.
          await rm(target, { recursive: true, force: true });
          throw error;
        }
        return { next: current, result: undefined };
      });
      return target;
    },
    async replaceWith(prepared, hooks = {}) {
      const failure = await handle.pause(async (current) => {
        await hooks.beforeSwap?.(current);
        await current.close();
        const previous = `${dataDir}.previous-${stamp()}`;
        const marker: SwapMarker = { previous, prepared };
        let moved = false;
        let next: PGlite;
        try {
          await writeFile(markerOf(dataDir), JSON.stringify(marker));
          await rename(dataDir, previous);
          moved = true;
          await rename(prepared, dataDir);
          next = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
        } catch (error) {
          // The restored folder did not take its place or does not open: the old one comes back.
          if (moved) {
            await rm(dataDir, { recursive: true, force: true });
            await rename(previous, dataDir);
          }
          await rm(markerOf(dataDir), { force: true });
          return { next: await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS }), result: error };
        }
        // In place: a marker left behind would only be read as a finished swap.
        await rm(markerOf(dataDir), { force: true }).catch(() => undefined);
        return { next, result: undefined };
      });
      if (failure) throw failure;
    },
  };
}

/**
 * Before a server opens its PGlite folder: a swap a crash interrupted is undone (the old folder comes
 * back if it was moved away and the new one not yet in place), and the copies that unfinished restores
 * and backups left are removed. Answers what it did, for the log.
 */
export async function recoverPgliteFolders(dataDir: string): Promise<string[]> {
  const done: string[] = [];
  const marker = markerOf(dataDir);
  if (await exists(marker)) {
    try {
      const swap = JSON.parse(await readFile(marker, 'utf8')) as SwapMarker;
      if (!(await exists(dataDir)) && (await exists(swap.previous))) {
        await rename(swap.previous, dataDir);
        done.push(`the database folder was put back from ${path.basename(swap.previous)}`);
      }
    } catch {
      // An unreadable marker was being written: the renames had not begun.
    }
    await rm(marker, { force: true });
  }
  for (const folder of await siblings(dataDir, 'copy')) {
    await rm(folder, { recursive: true, force: true });
    done.push(`removed ${path.basename(folder)}`);
  }
  return done;
}

/** The newest folder a restore replaced, if any: what a start falls back to when the data folder does not open. */
export async function newestPreviousFolder(dataDir: string): Promise<string | undefined> {
  return (await siblings(dataDir, 'previous')).at(-1);
}

/** Puts the folder a restore replaced back, moving the one that failed to open aside (kept for a look). */
export async function fallBackToPrevious(dataDir: string, previous: string): Promise<string> {
  const failed = `${dataDir}.failed-${stamp()}`;
  await rename(dataDir, failed);
  await rename(previous, dataDir);
  return failed;
}

/**
 * Removes the `postmaster.pid` a PGlite folder keeps while open. A server killed while it wrote that file
 * leaves it empty or torn, and PGlite then refuses the folder ("PGlite failed to initialize properly")
 * although its data is whole. PGlite runs inside the one process that owns the folder and takes no lock
 * across processes (it writes its fake pid -42), so a file found before opening is always a stale one.
 * Answers whether there was one.
 */
export async function removeStaleLockFile(dataDir: string): Promise<boolean> {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!(await exists(lockFile))) return false;
  await rm(lockFile, { force: true });
  return true;
}

/** After a successful start: the folders restores replaced are no longer needed. */
export async function removePreviousFolders(dataDir: string): Promise<number> {
  const folders = await siblings(dataDir, 'previous');
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
  return folders.length;
}
