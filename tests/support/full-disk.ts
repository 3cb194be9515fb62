/**
 * A really full filesystem for the disk-full tests (issue 27 item 6): a small tmpfs mounted on a new
 * folder, filled to the last block by a filler file, emptied again to show recovery. Mounting needs root
 * (CAP_SYS_ADMIN); where it is refused the suites skip and say why (`FULL_DISK.reason`).
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  fstatSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  rmSync,
  statfsSync,
  writeSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface FullDiskSupport {
  available: boolean;
  /** Why the disk-full tests cannot run here, when they cannot. */
  reason: string;
}

function probe(): FullDiskSupport {
  if (process.platform !== 'linux') return { available: false, reason: 'tmpfs mounts need Linux' };
  if (process.getuid?.() !== 0)
    return { available: false, reason: 'mounting a small tmpfs needs root (run as root, as CI does)' };
  const dir = mkdtempSync(path.join(tmpdir(), 'console-full-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'pipe' });
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return { available: true, reason: '' };
  } catch (error) {
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return { available: false, reason: `this sandbox refuses a tmpfs mount (${why})` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Probed once per test file, at collection, so `describe.skipIf` can use it. */
export const FULL_DISK: FullDiskSupport = probe();

export interface SmallDisk {
  /** The mount point: a folder on its own small filesystem. */
  dir: string;
  /**
   * Fills what is left, to the last byte the filesystem gives (ENOSPC proves it), then gives back
   * `leaveBytes`: room for a write to begin and fail part way.
   */
  fill(leaveBytes?: number): void;
  /** Removes the filler: the disk has room again. */
  free(): void;
  /** Bytes still available to an ordinary writer. */
  available(): number;
  unmount(): Promise<void>;
}

/** Mounts a tmpfs of `size` (mount's notation: '1m', '256k'), owned by `owner` (a user name) if given. */
export function mountSmallDisk(size: string, owner?: string): SmallDisk {
  const dir = mkdtempSync(path.join(tmpdir(), 'console-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0755`, 'tmpfs', dir], { stdio: 'pipe' });
  if (owner) execFileSync('chown', [`${owner}:`, dir], { stdio: 'pipe' });
  const filler = path.join(dir, 'filler');
  return {
    dir,
    fill(leaveBytes = 0) {
      const fd = openSync(filler, 'a');
      try {
        for (const size of [65_536, 4_096, 512, 1]) {
          const chunk = Buffer.alloc(size);
          try {
            for (;;) writeSync(fd, chunk);
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          }
        }
        if (leaveBytes > 0) ftruncateSync(fd, Math.max(0, fstatSync(fd).size - leaveBytes));
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    available() {
      const stats = statfsSync(dir);
      return stats.bavail * stats.bsize;
    },
    async unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      await rm(dir, { recursive: true, force: true });
    },
  };
}
