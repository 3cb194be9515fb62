/**
 * Fresh databases for server tests: in-memory PGlite always, and PostgreSQL too when TEST_DATABASE_URL
 * is set (scripts/pg-cluster.sh starts one) and the suite depends on the engine (ENGINE_SUITES in vitest.config.ts).
 * Suites run over the targets with
 *   describe.each(testDatabases)('... on $name', (target) => { ... target.open() ... })
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type DatabaseKind } from '../../server/db/client';
import { DEFAULT_MIGRATIONS_FOLDER, migrateDatabase } from '../../server/db/migrate';
import { SNAPSHOT_CACHE_DIR } from '../../scripts/snapshot-key';

export interface TestDatabaseTarget {
  name: DatabaseKind;
  /** A new, migrated database with the catalogue loaded (no demo data). Close it with its close(). */
  open(): Promise<Database>;
  /** A new, empty database and its URL (PostgreSQL only), for tests that start whole servers on it. */
  createEmpty?(): Promise<EmptyDatabase>;
}

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

async function migrated(database: Database): Promise<Database> {
  try {
    await migrateDatabase(database);
    return database;
  } catch (error) {
    await database.close();
    throw error;
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
 * A migrated PGlite data directory, cached on disk across test files and runs (keyed by the migrations
 * and the PGlite version): each test file then opens its database in ~0.3 s instead of ~2-3 s of initdb.
 */
async function pgliteSnapshot(): Promise<Blob> {
  const hash = await migrationsHash();
  hash.update(await readFile('node_modules/@electric-sql/pglite/package.json'));
  const file = path.join(SNAPSHOT_CACHE_DIR, `pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const database = await migrated(await openDatabase());
    try {
      const dump = await database.dumpDataDir?.();
      if (!dump) throw new Error('PGlite database without dumpDataDir');
      await mkdir(SNAPSHOT_CACHE_DIR, { recursive: true });
      // Write then rename: test files running in parallel never read a half-written snapshot.
      const partial = `${file}.${process.pid}.partial`;
      await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await rename(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  }
}

const pglite: TestDatabaseTarget = {
  name: 'pglite',
  // Migrating again is cheap and keeps the catalogue sync under test.
  open: async () => migrated(await openDatabase({ pgliteSnapshot: await pgliteSnapshot() })),
};

/** Any fixed number: the lock the test files take to build the migrated template, one at a time. */
const TEMPLATE_LOCK_KEY = 7_341_120_513;
let template: Promise<string> | undefined;

/**
 * A migrated database on the TEST_DATABASE_URL server, named by the migrations, that each test file's
 * databases are copied from (`create database … template`, a fraction of a second) instead of each
 * running every migration (seconds). Built once per server and set of migrations, by whichever test
 * file asks first; the others wait on an advisory lock. Kept on the server, like the PGlite snapshot.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `console_test_template_${(await migrationsHash()).digest('hex').slice(0, 16)}`;
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
      await client.query(`create database "${building}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ url: url.toString() });
      try {
        await migrateDatabase(database);
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
  template.catch(() => (template = undefined));
  return template;
}

function postgres(serverUrl: string): TestDatabaseTarget {
  return {
    name: 'postgres',
    async open() {
      const created = await createPostgresDatabase(serverUrl, await postgresTemplate(serverUrl));
      const database = await migrated(await openDatabase({ url: created.url }));
      return {
        ...database,
        async close() {
          await database.close();
          await created.drop();
        },
      };
    },
    createEmpty: () => createPostgresDatabase(serverUrl),
  };
}

/**
 * PGlite, and PostgreSQL too for the suites of ENGINE_SUITES in vitest.config.ts (the `engines` project) when
 * TEST_DATABASE_URL is set. The `server` project sets TEST_ENGINES=pglite: its suites do not depend on
 * the engine.
 */
export const testDatabases: TestDatabaseTarget[] =
  adminUrl && process.env.TEST_ENGINES !== 'pglite' ? [pglite, postgres(adminUrl)] : [pglite];
