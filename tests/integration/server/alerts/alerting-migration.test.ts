/**
 * The one alert model's migration (issue 12): a database holding the banner's alerts (`banner_alerts`)
 * and an organization's alerts before it keeps them all after it, in the `alerts` table, the banner's as
 * platform alerts in their order, with their kinds and metadata, and the banner's stream replays them.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { alertsToReplay } from '../../../../server/alerts/store';
import { openDatabase, type Database } from '../../../../server/db/client';
import { DEFAULT_MIGRATIONS_FOLDER, migrateDatabase } from '../../../../server/db/migrate';
import { createPostgresDatabase } from '../../../support/databases';

const BEFORE = '0015_alerting';

/** A copy of the migrations that stops before the alerting ones. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'migrations-'));
  await cp(DEFAULT_MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const stop = journal.entries.findIndex((e) => e.tag === tag);
  journal.entries = journal.entries.slice(0, stop);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

const targets: { name: string; open: () => Promise<{ database: Database; drop: () => Promise<void> }> }[] = [
  { name: 'pglite', open: async () => ({ database: await openDatabase(), drop: async () => {} }) },
  ...(process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'postgres',
          open: async () => {
            const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
            return { database: await openDatabase({ url: created.url }), drop: created.drop };
          },
        },
      ]
    : []),
];

describe.each(targets)('the alert model migration on $name', (target) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  it('moves the banner alerts into alerts, in order, keeping the organizations’ alerts', async () => {
    const folder = await migrationsBefore(BEFORE);
    cleanup.push(() => rm(folder, { recursive: true, force: true }));
    const { database, drop } = await target.open();
    cleanup.push(drop, () => database.close());
    await migrateDatabase(database, { migrationsFolder: folder });

    const { db } = database;
    await db.execute(sql`insert into organizations (id, name, slug, plan, status, company_name)
      values ('11111111-1111-4111-8111-111111111111', 'Old Org', 'old-org', 'starter', 'active', 'Old Org')`);
    await db.execute(sql`insert into alerts (organization_id, title, severity, status)
      values ('11111111-1111-4111-8111-111111111111', 'Org alert', 'medium', 'acknowledged')`);
    await db.execute(sql`insert into banner_alerts (id, title, message, type, priority, category, metadata, created_at) values
      ('22222222-2222-4222-8222-222222222221', 'First', 'one', 'revenue', 'low', 'business', '{"value": 1}', '2026-01-01T00:00:00Z'),
      ('22222222-2222-4222-8222-222222222222', 'Second', 'two', 'security', 'critical', 'security', '{}', '2026-01-02T00:00:00Z')`);

    await migrateDatabase(database);

    const rows = (await db.execute(
      sql`select id, organization_id, title, description, severity, status, category, kind, metadata, source
          from alerts order by seq`,
    )) as unknown as { rows: Record<string, unknown>[] };
    expect(rows.rows).toEqual([
      expect.objectContaining({
        title: 'Org alert',
        organization_id: '11111111-1111-4111-8111-111111111111',
        status: 'acknowledged',
      }),
      expect.objectContaining({
        id: '22222222-2222-4222-8222-222222222221',
        organization_id: null,
        description: 'one',
        severity: 'low',
        kind: 'revenue',
        category: 'business',
        metadata: { value: 1 },
        status: 'active',
      }),
      expect.objectContaining({
        id: '22222222-2222-4222-8222-222222222222',
        description: 'two',
        severity: 'critical',
        kind: 'security',
      }),
    ]);
    const tables = (await db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_name = 'banner_alerts'`,
    )) as unknown as { rows: { n: number }[] };
    expect(tables.rows[0]!.n).toBe(0);
    const replay = await alertsToReplay(db);
    expect(replay.map((r) => [r.alert.title, r.alert.type, r.alert.message])).toEqual([
      ['First', 'revenue', 'one'],
      ['Second', 'security', 'two'],
    ]);
  });
});
