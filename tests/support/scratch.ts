import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isRoomyTmpfs } from '../../scripts/test-setup.mjs';

/** A memory-backed folder holds a test's PGlite data only with this much room to spare. */
const SHM = '/dev/shm';
const SHM_ROOM_BYTES = 2 * 1024 ** 3;

/**
 * A new folder for a test server's or host's data: in the temporary folder TMPDIR names when it is set
 * (`npm test` sets it to its run's folder, in memory where the machine allows: scripts/test-setup.mjs),
 * else in memory-backed /dev/shm where it has room (unpacking and copying PGlite data there takes a third
 * of the time it takes on disk; a container's default 64 MiB has not), else in the system's temporary
 * folder.
 */
export async function scratchDir(prefix: string): Promise<string> {
  const base = !process.env.TMPDIR && isRoomyTmpfs(SHM, SHM_ROOM_BYTES) ? SHM : tmpdir();
  return mkdtemp(path.join(base, prefix));
}
