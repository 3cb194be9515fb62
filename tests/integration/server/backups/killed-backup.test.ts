/**
 * The embedded console killed (SIGKILL) in the middle of a backup: the next start on the same data folder
 * removes the unfinished archive and the copy of the folder the backup was reading, fails the run with the
 * reason, and lists no recovery point for it. A real process, really killed.
 */
import { eq } from 'drizzle-orm';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRuns } from '../../../../server/db/schema';
import { startFolderServer } from '../../../support/backups';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'console-killed-backup-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('a server killed during a backup', { timeout: 300_000 }, () => {
  it('leaves no recovery point: the next start removes the .part file and the copy, and fails the run', async () => {
    const dataFolder = path.join(work, 'console');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/support/backup-victim.ts', dataFolder, '10000'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = once(child, 'exit');
    const runId = await new Promise<string>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /writing (\S+)/.exec(output);
        if (match) resolve(match[1]!);
      });
      child.once('exit', (code) => reject(new Error(`the server ended by itself (exit ${code})`)));
    });
    child.kill('SIGKILL');
    await exited;

    // What the kill left: the archive half written, and the folder copy the backup was reading.
    const backups = path.join(dataFolder, 'backups');
    expect((await readdir(backups)).filter((name) => name.endsWith('.part'))).toHaveLength(1);
    expect((await readdir(dataFolder)).filter((name) => name.startsWith('database.copy-'))).toHaveLength(1);

    const server = await startFolderServer(dataFolder);
    try {
      expect(await readdir(backups)).toEqual([]);
      expect((await readdir(dataFolder)).filter((name) => name.startsWith('database.'))).toEqual([]);
      const [run] = await server.database.db.select().from(backupRuns).where(eq(backupRuns.id, runId));
      expect(run).toMatchObject({ status: 'failed', error: 'The server stopped during the backup', size: 0 });
      expect(run?.endedAt).not.toBeNull();
    } finally {
      await server.close();
    }
  });
});
