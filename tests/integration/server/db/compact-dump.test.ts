/**
 * A compact dump (server/db/snapshot.ts, compactDump: the build's snapshots, the scratch databases' and
 * the tests' copies) on a real PGlite: its WAL is the current segment alone, cut after its own pages, and
 * the database it loads into holds everything, writes on across new segments, and dumps compact again.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../../server/db/client';
import { compactDump, WAL_PAGE } from '../../../../server/db/snapshot';
import { ustarEntries } from '../../../../server/db/snapshot-files';
import { testDatabases } from '../../../support/databases';

const SEGMENT = 16 * 1024 * 1024;
const pglite = testDatabases.find((target) => target.name === 'pglite')!;

const walFiles = (dump: Buffer) =>
  [...ustarEntries(dump)]
    .filter(({ name, type }) => /pg_wal\/[0-9A-F]{24}$/.test(name) && type !== '5')
    .map(({ body }) => body.length);

const rowsIn = async (database: Database) =>
  ((await database.db.execute(sql`select count(*)::int as n from filler`)) as { rows: { n: number }[] }).rows;

const walFile = async (database: Database) => {
  const result = (await database.db.execute(sql`select pg_walfile_name(pg_current_wal_lsn()) as name`)) as {
    rows: { name: string }[];
  };
  return result.rows[0]?.name ?? '';
};

describe('a compact dump', () => {
  it('keeps one short WAL segment, and loads into a database that holds everything and writes on', async () => {
    const first = await pglite.open();
    let dump: Buffer;
    try {
      await first.db.execute(sql`create table filler (body text)`);
      await first.db.execute(
        sql`insert into filler select repeat(md5(g::text), 64) from generate_series(1, 2000) g`,
      );
      dump = await compactDump(first);
    } finally {
      await first.close();
    }
    expect(walFiles(dump)).toHaveLength(1);
    const [wal] = walFiles(dump);
    expect(wal! % WAL_PAGE).toBe(0);
    expect(wal).toBeLessThan(SEGMENT / 8);

    const second = await openDatabase({ pgliteSnapshot: new Blob([dump]) });
    try {
      expect(await rowsIn(second)).toEqual([{ n: 2000 }]);
      // ~20 MB more (10 kB rows, stored uncompressed): the WAL runs past the short segment's end, into a
      // new segment.
      const before = await walFile(second);
      await second.db.execute(sql`alter table filler alter column body set storage external`);
      await second.db.execute(
        sql`insert into filler select repeat(md5(g::text), 320) from generate_series(1, 2000) g`,
      );
      expect((await walFile(second)) > before).toBe(true);
      dump = await compactDump(second);
    } finally {
      await second.close();
    }
    expect(walFiles(dump)).toHaveLength(1);

    const third = await openDatabase({ pgliteSnapshot: new Blob([dump]) });
    try {
      expect(await rowsIn(third)).toEqual([{ n: 4000 }]);
    } finally {
      await third.close();
    }
  });
});
