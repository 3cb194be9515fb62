/**
 * Scratch databases (server/db/scratch.ts: a restore test's target): the first pays initdb and the
 * migrations and leaves its dump, later ones load the dump; each is migrated for its own instant, empty of
 * what another scratch database holds, and a failed first one leaves no dump behind.
 */
import { count, sql } from 'drizzle-orm';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/client';
import { DEFAULT_MIGRATIONS_FOLDER } from '../../../../server/db/migrate';
import { listPartitions, unitStart } from '../../../../server/db/partitions';
import { roles, users } from '../../../../server/db/schema';
import { scratchDatabases } from '../../../../server/db/scratch';
import { SIGNAL_PARTITIONS } from '../../../../server/monitoring/rollup';
import { insertUser } from '../../../support/server';

const DAY = 86_400_000;
const samples = SIGNAL_PARTITIONS.find((s) => s.table === 'process_samples')!;

describe('scratch databases', () => {
  const opened: Database[] = [];
  afterAll(async () => {
    await Promise.all(opened.map((database) => database.close()));
  });
  const keep = (database: Database) => {
    opened.push(database);
    return database;
  };

  it('are migrated and independent, the later ones migrated for their own instant', async () => {
    const open = scratchDatabases();
    const now = Date.parse('2031-05-10T09:30:00.000Z');
    const first = keep(await open(now));
    await insertUser(first, 'super_admin', { email: 'only-in-the-first@example.com' });
    // A month later: the dump is the first one's, before its caller wrote anything.
    const later = now + 30 * DAY;
    const second = keep(await open(later));
    const usersIn = async (database: Database) =>
      (await database.db.select({ n: count() }).from(users))[0]?.n;
    expect(await usersIn(first)).toBe(1);
    expect(await usersIn(second)).toBe(0);
    // The catalogue is there in both (roles and permissions synced by the migration).
    for (const database of [first, second])
      expect((await database.db.select({ n: count() }).from(roles))[0]?.n).toBeGreaterThan(0);
    expect(await listPartitions(second.db, samples)).toContain(unitStart(later, samples.unit));
    // Both are separate in-memory databases: a write to the second stays there.
    await second.db.execute(sql`create table scratch_only (id int)`);
    await expect(first.db.execute(sql`select * from scratch_only`)).rejects.toThrow();
  });

  it('leaves no dump when the first one fails: the next one starts from nothing again', async () => {
    // A copy of the migrations whose last one fails, then is mended.
    const folder = await mkdtemp(path.join(tmpdir(), 'console-scratch-'));
    await cp(DEFAULT_MIGRATIONS_FOLDER, folder, { recursive: true });
    const last = (await readdir(folder))
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .at(-1)!;
    const sound = await readFile(path.join(folder, last), 'utf8');
    await writeFile(path.join(folder, last), `select * from no_such_table;\n${sound}`);
    const open = scratchDatabases(folder);
    await expect(open(Date.now())).rejects.toThrow(/no_such_table/);
    await writeFile(path.join(folder, last), sound);
    const database = keep(await open(Date.now()));
    expect((await database.db.select({ n: count() }).from(roles))[0]?.n).toBeGreaterThan(0);
    expect((await database.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
    await rm(folder, { recursive: true, force: true });
  });
});
