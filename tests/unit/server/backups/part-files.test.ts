/**
 * Issue 25 (11): a storage location may be a share other programs write to, so cleaning unfinished
 * archives removes only files named as ours are, never another program's `.part` files.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { archiveFileName, cleanPartFiles } from '../../../../server/backups/locations';

describe('cleaning unfinished archives', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('removes our own .part files only, and those of backups still writing are kept', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'part-files-'));
    const at = new Date('2026-11-26T23:05:07.123Z');
    const ours = `${archiveFileName(at, 'full', '1a2b3c4d-0000-4000-8000-000000000000', 'gzip')}.part`;
    const writing = `${archiveFileName(at, 'incremental', 'ffffffff-0000-4000-8000-000000000000', 'zstd')}.part`;
    const theirs = ['video.mp4.part', 'console-notes.part', `${ours}.part`, 'console-backup.gz.age.part'];
    for (const name of [ours, writing, ...theirs]) await writeFile(path.join(folder, name), 'x');

    expect(ours).toBe('console-2026-11-26T23-05-07-123Z-full-1a2b3c4d.gz.age.part');
    expect(await cleanPartFiles(folder, async () => new Set([writing]))).toBe(1);
    expect((await readdir(folder)).sort()).toEqual([writing, ...theirs].sort());
  });

  it('lists the files before it asks which backups are writing: a backup starting in between keeps its file', async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'part-files-'));
    const at = new Date('2026-11-29T10:23:13.087Z');
    const left = `${archiveFileName(at, 'full', '0a0b0c0d-0000-4000-8000-000000000000', 'gzip')}.part`;
    const starting = `${archiveFileName(at, 'full', 'f6367ed0-0000-4000-8000-000000000000', 'gzip')}.part`;
    await writeFile(path.join(folder, left), 'x');
    const dir = folder;
    // A backup that starts after the listing: its file was not listed, so it stays whatever the runs say.
    const removed = await cleanPartFiles(dir, async () => {
      await writeFile(path.join(dir, starting), 'x');
      return new Set();
    });
    expect(removed).toBe(1);
    expect(await readdir(dir)).toEqual([starting]);
  });
});
