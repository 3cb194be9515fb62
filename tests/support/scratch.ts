import { statfsSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A memory-backed folder holds a test's PGlite data only with this much room to spare. */
const SHM = '/dev/shm';
const SHM_ROOM_BYTES = 2 * 1024 ** 3;

/**
 * A new folder for a test server's or host's data: in memory-backed /dev/shm where it has room (unpacking
 * and copying PGlite data there takes a third of the time it takes on disk; a container's default 64 MiB
 * has not), else in the system's temporary folder.
 */
export async function scratchDir(prefix: string): Promise<string> {
  return mkdtemp(path.join(hasRoom(SHM) ? SHM : tmpdir(), prefix));
}

function hasRoom(folder: string): boolean {
  try {
    const fs = statfsSync(folder);
    return fs.bavail * fs.bsize >= SHM_ROOM_BYTES;
  } catch {
    return false;
  }
}
