/**
 * Fresh databases for server tests: in-memory PGlite always, and PostgreSQL too when TEST_DATABASE_URL
 * is set (scripts/pg-cluster.sh starts one) and the suite depends on the engine (ENGINE_SUITES in vitest.config.ts).
 * Suites run over the targets with
 *   describe.each(testDatabases)('... on $name', (target) => { ... target.open() ... })
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startOfUtcDay } from '../../server/business/formulas';
import { openDatabase, type Database, type DatabaseKind } from '../../server/db/client';
import { DEFAULT_MIGRATIONS_FOLDER, migrateDatabase, migrated } from '../../server/db/migrate';
import { compactDump } from '../../server/db/snapshot';
import { seedDemo, type SeedOptions } from '../../server/seed/demo';
import { demoSnapshotKey, SNAPSHOT_CACHE_DIR } from '../../scripts/snapshot-key';
import { extractSnapshot } from '../../server/db/snapshot-files';
import { cachedFile, emptySnapshotFile } from './demo-snapshot';

export interface TestDatabaseTarget {
  name: DatabaseKind;
  /** A new, migrated database with the catalogue loaded (no demo data). Close it with its close(). */
  open(): Promise<Database>;
  /**
   * A new database as open() makes it with `seedDemo(database, seed)` done: a copy of one seeded once per
   * run (and kept while the sources and the UTC day are the same), for suites that need the demo data, not
   * the act of seeding it. The copy is not migrated again: a migration would move an unanchored demo.
   */
  openDemo(seed: DemoSeed): Promise<Database>;
  /** A new, empty database and its URL (PostgreSQL only), for tests that start whole servers on it. */
  createEmpty?(): Promise<EmptyDatabase>;
}

/** seedDemo's options, with the instant it seeds at named (the key of the copies). */
export type DemoSeed = SeedOptions & { now: number };

export interface EmptyDatabase {
  url: string;
  drop(): Promise<void>;
}

const adminUrl = process.env.TEST_DATABASE_URL || undefined;

/**
 * Creates a uniquely named database on the TEST_DATABASE_URL server (empty, or a copy of `template`);
 * drop() removes it.
 */
export async function createPostgresDatabase(serverUrl: string, template?: string): Promise<EmptyDatabase> {
  const name = `console_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    // FORCE ends connections a failed test left open.
    drop: () => adminQuery(serverUrl, `drop database if exists "${name}" with (force)`),
  };
}

async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function migrationsHash() {
  const hash = createHash('sha256');
  for (const file of (await readdir(DEFAULT_MIGRATIONS_FOLDER, { recursive: true })).sort()) {
    if (file.endsWith('.sql'))
      hash.update(file).update(await readFile(path.join(DEFAULT_MIGRATIONS_FOLDER, file)));
  }
  return hash;
}

/**
 * What the tests' migrated PGlite data directory is made of besides the migrations: bump it when the
 * recipe below changes, so that a cached one is made again.
 */
const PGLITE_SNAPSHOT_RECIPE = 'compact WAL, no template databases';

/**
 * A migrated PGlite data directory, cached on disk across test files and runs (keyed by the migrations,
 * the PGlite version and the recipe): each test file then opens its database in a fraction of a second
 * instead of ~2-3 s of initdb. Dumped compact (its WAL cut to what it needs, compactDump) and without
 * the template databases, which nothing here creates a database from: together two thirds of the archive
 * (44 → 12 MB), which every open copies, unpacks and writes into PGlite's file system.
 */
async function pgliteSnapshot(): Promise<Blob> {
  const hash = await migrationsHash();
  hash
    .update(await readFile('node_modules/@electric-sql/pglite/package.json'))
    .update(PGLITE_SNAPSHOT_RECIPE);
  const file = path.join(SNAPSHOT_CACHE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    // A first open from nothing: PGlite's initdb, then every migration.
    const database = await migrated(await openDatabase());
    try {
      for (const template of ['template0', 'template1']) {
        await database.db.execute(sql.raw(`alter database ${template} is_template false`));
        await database.db.execute(sql.raw(`drop database ${template}`));
      }
      const dump = await compactDump(database);
      await mkdir(SNAPSHOT_CACHE_DIR, { recursive: true });
      // Write then rename: test files running in parallel never read a half-written snapshot.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, dump);
      await rename(partial, file);
      return new Blob([dump]);
    } finally {
      await database.close();
    }
  }
}

/**
 * A new PGlite data folder as a server's first start without the demo makes it: the empty snapshot
 * extracted (migrated, the job runner's schema made), instead of PGlite's initdb and every migration
 * (~0.5 s against 3-4 s of CPU). For suites about data folders, not about making a database.
 */
export async function newPgliteFolder(dataDir: string): Promise<string> {
  if (!(await extractSnapshot(await emptySnapshotFile(), dataDir)))
    throw new Error(`${dataDir} is not a new data folder`);
  return dataDir;
}

/** The seeded databases' keys, by UTC day and options: each reads every source file once per process. */
const demoSeedKeys = new Map<string, Promise<string>>();

/**
 * The key of a seeded database: every server and shared source file, the PGlite version and the UTC day
 * (the demo snapshot's key, scripts/snapshot-key.ts; open() makes the day's partitions before the seed),
 * and the seed's options.
 */
function demoSeedKey(seed: DemoSeed): Promise<string> {
  const now = Date.now();
  const options = JSON.stringify(seed, Object.keys(seed).sort());
  const id = `${startOfUtcDay(now)} ${options}`;
  let key = demoSeedKeys.get(id);
  if (!key) {
    key = demoSnapshotKey(now).then((sources) =>
      createHash('sha256')
        .update(sources)
        .update(PGLITE_SNAPSHOT_RECIPE)
        .update(options)
        .digest('hex')
        .slice(0, 16),
    );
    demoSeedKeys.set(id, key);
    key.catch(() => demoSeedKeys.delete(id));
  }
  return key;
}

const pglite: TestDatabaseTarget = {
  name: 'pglite',
  // Migrating again is cheap and keeps the catalogue sync under test.
  open: async () => migrated(await openDatabase({ pgliteSnapshot: await pgliteSnapshot() })),
  async openDemo(seed) {
    const file = path.join(SNAPSHOT_CACHE_DIR, `pglite-seeded-${await demoSeedKey(seed)}.tar`);
    // The file that seeds goes on with its own database rather than loading the copy it just wrote.
    let seeded: Database | undefined;
    await cachedFile(file, async () => {
      const database = await pglite.open();
      try {
        await seedDemo(database, seed);
        const dump = new Blob([await compactDump(database)]);
        seeded = database;
        return dump;
      } catch (error) {
        await database.close();
        throw error;
      }
    });
    return seeded ?? openDatabase({ pgliteSnapshot: new Blob([await readFile(file)]) });
  },
};

/** Any fixed number: the lock the test files take to build a template, one at a time. */
const TEMPLATE_LOCK_KEY = 7_341_120_513;
const templates = new Map<string, Promise<string>>();

/**
 * A database on the TEST_DATABASE_URL server that test files' databases are copied from (`create database
 * … template`, a fraction of a second) instead of each building its own: `build` fills it (a new database,
 * or a copy of `from`). Built once per server and name, by whichever test file asks first; the others wait
 * on an advisory lock. Kept on the server, like the PGlite snapshots.
 */
function postgresTemplate(
  serverUrl: string,
  name: string,
  build: (database: Database) => Promise<void>,
  from?: string,
): Promise<string> {
  let template = templates.get(name);
  if (template) return template;
  template = (async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const exists = async () =>
        ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
      if (await exists()) return name;
      await client.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      if (await exists()) return name;
      // Built under another name and renamed when whole: a run killed halfway leaves no half template.
      const building = `${name}_building`;
      await client.query(`drop database if exists "${building}" with (force)`);
      await client.query(`create database "${building}"${from ? ` template "${from}"` : ''}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString() });
      try {
        await build(database);
      } finally {
        await database.close();
      }
      await client.query(`alter database "${building}" rename to "${name}"`);
      return name;
    } finally {
      // Ending the session releases the advisory lock too.
      await client.end();
    }
  })();
  templates.set(name, template);
  template.catch(() => templates.delete(name));
  return template;
}

let migratedTemplateName: Promise<string> | undefined;

/** The migrated template, named by the migrations: each open() copies it and migrates again. */
async function migratedTemplate(serverUrl: string): Promise<string> {
  migratedTemplateName ??= migrationsHash().then(
    (hash) => `console_test_template_${hash.digest('hex').slice(0, 16)}`,
  );
  return postgresTemplate(serverUrl, await migratedTemplateName, (database) => migrateDatabase(database));
}

function postgres(serverUrl: string): TestDatabaseTarget {
  return {
    name: 'postgres',
    async open() {
      const created = await createPostgresDatabase(serverUrl, await migratedTemplate(serverUrl));
      return dropOnClose(await migrated(await openDatabase({ url: created.url })), created);
    },
    async openDemo(seed) {
      // Taken before the seeded template's lock: building it holds the same lock.
      const base = await migratedTemplate(serverUrl);
      const name = await postgresTemplate(
        serverUrl,
        `console_test_demo_${await demoSeedKey(seed)}`,
        async (database) => {
          // As open() makes a database, then the seed.
          await migrateDatabase(database);
          await seedDemo(database, seed);
        },
        base,
      );
      const created = await createPostgresDatabase(serverUrl, name);
      return dropOnClose(await openDatabase({ url: created.url }), created);
    },
    createEmpty: () => createPostgresDatabase(serverUrl),
  };
}

function dropOnClose(database: Database, created: EmptyDatabase): Database {
  return {
    ...database,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * PGlite, and PostgreSQL too for the suites of ENGINE_SUITES in vitest.config.ts (the `engines` project) when
 * TEST_DATABASE_URL is set. The `server` project sets TEST_ENGINES=pglite: its suites do not depend on
 * the engine.
 */
export const testDatabases: TestDatabaseTarget[] =
  adminUrl && process.env.TEST_ENGINES !== 'pglite' ? [pglite, postgres(adminUrl)] : [pglite];
