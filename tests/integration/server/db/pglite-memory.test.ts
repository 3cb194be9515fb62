/**
 * A PGlite in memory keeps a small buffer pool (its pages are in memory already); one in a data folder
 * keeps PGlite's default.
 */
import { sql } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IN_MEMORY_SHARED_BUFFERS, openDatabase, type Database } from '../../../../server/db/client';
import { newPgliteFolder } from '../../../support/databases';

async function sharedBuffers(database: Database): Promise<string | undefined> {
  if (database.driver.kind !== 'pglite') throw new Error('not a PGlite database');
  const result = await database.driver.client.query<{ shared_buffers: string }>('show shared_buffers');
  return result.rows[0]?.shared_buffers;
}

describe('PGlite buffer pool', () => {
  let work: string | undefined;
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('is small in memory and the default in a data folder, and both answer', async () => {
    const memory = await openDatabase();
    try {
      expect(await sharedBuffers(memory)).toBe(IN_MEMORY_SHARED_BUFFERS);
      await expect(memory.db.execute(sql`select 1`)).resolves.toBeDefined();
    } finally {
      await memory.close();
    }
    work = await mkdtemp(path.join(tmpdir(), 'pglite-memory-'));
    const folder = await openDatabase({ dataDir: await newPgliteFolder(path.join(work, 'data')) });
    try {
      expect(await sharedBuffers(folder)).toBe('128MB');
    } finally {
      await folder.close();
    }
  });
});
