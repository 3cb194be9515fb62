import { cp, readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The reset switch of test builds, read by the browser host's entry only: the Electron host, which is what
 * the packaged app runs, never reads it. CONSOLE_TEST_RESET_FROM names a data folder (absolute): the host
 * then answers `POST /host/test-reset?key=<launch key>` by stopping its core (the embedded server and its
 * database with it), putting that folder's contents back in its own data folder, its logs aside, and
 * starting the core again on them: a console as it was in that folder, without a new process. The e2e
 * tests reuse one host per worker this way. Anything else: off.
 */
export function testResetFromEnv(env: Readonly<Record<string, string | undefined>>): {
  resetFrom?: string;
} {
  const from = env.CONSOLE_TEST_RESET_FROM;
  return from && path.isAbsolute(from) ? { resetFrom: from } : {};
}

/** The host's log files stay: a reset is part of one host's life, and its log tells it. */
const KEPT = new Set(['logs']);

/** Replaces the contents of `dataDir` (its logs aside) with those of `from`. */
export async function putBackDataFolder(from: string, dataDir: string): Promise<void> {
  for (const entry of await readdir(dataDir)) {
    if (!KEPT.has(entry)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
  for (const entry of await readdir(from)) {
    if (!KEPT.has(entry)) await cp(path.join(from, entry), path.join(dataDir, entry), { recursive: true });
  }
}
