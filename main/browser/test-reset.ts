import { cpSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * The reset switch of test builds, read by the browser host's entry only: the Electron host, which is what
 * the packaged app runs, never reads it. CONSOLE_TEST_RESET_FROM names a data folder (absolute): the host
 * then answers `POST /host/test-reset?key=<launch key>` by stopping its core (the embedded server and its
 * database with it), putting that folder's contents back in its own data folder, its logs aside, and
 * starting the core again on them: a console as it was in that folder, without a new process (and its
 * server in the thread of the one it closed: `reuseThread`, main/core/server/worker-server.ts). The e2e
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

/**
 * Replaces the contents of `dataDir` (its logs aside) with those of `from`. The copy is `cpSync`, whose
 * recursion is native (Node 22): a demo folder's ~1,400 files took ~75 ms of CPU, against ~0.6 s through
 * `fs.promises.cp`, which walks them in JavaScript, a few promises per file. The core is stopped
 * meanwhile, so the blocked event loop keeps nobody waiting.
 */
export async function putBackDataFolder(from: string, dataDir: string): Promise<void> {
  for (const entry of await readdir(dataDir)) {
    if (!KEPT.has(entry)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
  for (const entry of await readdir(from)) {
    if (!KEPT.has(entry)) cpSync(path.join(from, entry), path.join(dataDir, entry), { recursive: true });
  }
}
