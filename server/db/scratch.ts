import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { openDatabase, type Database } from './client';
import { migrated } from './migrate';
import { compactDump } from './snapshot';

// On libuv's pool: the server goes on answering while the ~27 MB dump is packed or unpacked.
const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Opens new in-memory PGlite databases, migrated, for work that must not touch the server's own (a restore
 * test loads a recovery point into one). PGlite's initdb and the migrations from nothing take seconds of
 * CPU: the first database pays them and leaves its dump (gzipped, ~3 MB of ~27), taken before its caller
 * has it; every later one loads that dump (a fraction of a second) and migrates only what `now` asks of it
 * (the day's partitions). A failed first database leaves no dump: the next one tries again.
 * `migrationsFolder`: as migrateDatabase's.
 */
export function scratchDatabases(migrationsFolder?: string): (now: number) => Promise<Database> {
  const options = (now: number) => ({ now, ...(migrationsFolder ? { migrationsFolder } : {}) });
  let template: Promise<Buffer> | undefined;
  return async (now) => {
    if (template) {
      const dump = await gunzipAsync(await template);
      return migrated(await openDatabase({ pgliteSnapshot: new Blob([dump]) }), options(now));
    }
    const first = (async () => migrated(await openDatabase(), options(now)))();
    const building = first.then(async (database) => gzipAsync(await compactDump(database)));
    template = building;
    building.catch(() => {
      if (template === building) template = undefined;
    });
    const database = await first;
    try {
      await building;
      return database;
    } catch (error) {
      await database.close();
      throw error;
    }
  };
}

/** The process's scratch databases: the migrations are the build's, so one dump serves them all. */
export const openScratchDatabase = scratchDatabases();
