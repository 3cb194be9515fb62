/**
 * Report generation onto a really full disk (issue 27 item 6). A report's file is kept in the database
 * (report_files), so the disk that fills is the database's: on PGlite its data folder on a small tmpfs,
 * on PostgreSQL the report_files table moved to a tablespace on one (SQLSTATE 53100, "could not extend
 * file"). The generation fails with the one disk-full text, the report is in error (not left running), no
 * file is stored or offered for download, and the server goes on answering; with space back, Generate Now
 * works again.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReportDefinition } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { buildApp } from '../../../../server/app';
import { openDatabase, type Database } from '../../../../server/db/client';
import { migrateDatabase } from '../../../../server/db/migrate';
import { reportFiles } from '../../../../server/db/schema';
import { createLogger } from '../../../../server/logger';
import { testDatabases, type TestDatabaseTarget } from '../../../support/databases';
import { FULL_DISK, mountSmallDisk, type SmallDisk } from '../../../support/full-disk';
import { TEST_SECRET_KEY, bearer, call, createClock, insertUser, tokenFor } from '../../../support/server';

/** A tablespace on our tmpfs needs the PostgreSQL server on this machine, running as `postgres`. */
function localPostgres(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return '';
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname))
    return 'the PostgreSQL server is not on this machine (a tablespace on a local tmpfs needs it)';
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' });
    return '';
  } catch {
    return 'no postgres user owns the server here (a tablespace folder must be its own)';
  }
}
const postgresReason = localPostgres();

interface FullDatabase {
  database: Database;
  disk: SmallDisk;
  close(): Promise<void>;
}

/** The engine's database with the report files on a small disk of their own. */
async function openOnSmallDisk(target: TestDatabaseTarget): Promise<FullDatabase> {
  if (target.name === 'pglite') {
    const disk = mountSmallDisk('160m');
    const database = await openDatabase({ dataDir: path.join(disk.dir, 'data') });
    await migrateDatabase(database);
    return {
      database,
      disk,
      close: async () => {
        await database.close();
        await disk.unmount();
      },
    };
  }
  const disk = mountSmallDisk('1m', 'postgres');
  const database = await target.open();
  const space = `console_full_${randomBytes(4).toString('hex')}`;
  await database.db.execute(sql.raw(`create tablespace ${space} location '${disk.dir}'`));
  await database.db.execute(sql.raw(`alter table report_files set tablespace ${space}`));
  return {
    database,
    disk,
    close: async () => {
      await database.db.execute(sql.raw('alter table report_files set tablespace pg_default'));
      await database.close();
      const admin = await openDatabase({ url: process.env.TEST_DATABASE_URL! });
      await admin.db.execute(sql.raw(`drop tablespace if exists ${space}`));
      await admin.close();
      await disk.unmount();
    },
  };
}

const targets = testDatabases.filter((t) => t.name === 'pglite' || !postgresReason);
const title = FULL_DISK.available
  ? 'report generation onto a full disk on $name'
  : `report generation onto a full disk on $name: skipped, ${FULL_DISK.reason}`;
if (postgresReason)
  describe.skip(`report generation onto a full disk on postgres: ${postgresReason}`, () => {});

describe.skipIf(!FULL_DISK.available).each(targets)(title, { timeout: 300_000 }, (target) => {
  const clock = createClock();
  let full: FullDatabase;
  let app: FastifyInstance;
  let admin: { authorization: string };

  beforeAll(async () => {
    full = await openOnSmallDisk(target);
    app = await buildApp({
      database: full.database,
      config: { now: clock.now, shedding: { maxEventLoopDelayMs: 0, heavyConcurrency: 1_000 } },
      logger: createLogger({ level: 'silent' }),
      secretKey: TEST_SECRET_KEY,
    });
    const adminId = (await insertUser(full.database, 'super_admin')).id;
    admin = bearer(await tokenFor(full.database, clock, adminId));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await full?.close();
  });

  const definition = async (id: string) =>
    (
      (await call(app, { method: 'GET', url: '/reports', headers: admin })).body.data as {
        reports: ReportDefinition[];
      }
    ).reports.find((r) => r.id === id);
  /** Waits for the generation to end: running → active or error (no fixed sleep). */
  const ended = async (id: string) => {
    let done: ReportDefinition | undefined;
    await vi.waitFor(
      async () => {
        done = await definition(id);
        expect(done?.status).not.toBe('running');
      },
      { timeout: 60_000, interval: 50 },
    );
    return done!;
  };
  /** Generate Now, then wait for it. */
  const generate = async (id: string) => {
    const response = await call(app, { method: 'POST', url: `/reports/${id}/generate`, headers: admin });
    expect(response.status, response.body.error).toBe(200);
    return ended(id);
  };

  it('fails with the disk-full text, stores and offers no file, and the server goes on', async () => {
    const created = await call(app, {
      method: 'POST',
      url: '/reports',
      headers: admin,
      payload: {
        name: 'Board figures',
        description: '',
        type: 'custom',
        format: 'pdf',
        schedule: 'manual',
        metrics: ['mrr', 'activeUsers'],
        filters: { organizationId: null, plan: null, period: '30d' },
        recipients: [],
      },
    });
    expect(created.status, created.body.error).toBe(200);
    const id = (created.body.data as ReportDefinition).id;

    full.disk.fill();
    expect(full.disk.available()).toBe(0);
    // Only the files' table is on the full disk (PostgreSQL): the request is recorded, the generation
    // runs, and its file cannot be stored. One disk for the whole database (PGlite): the report is marked
    // running, then the request's own audit record does not fit (507, the generic text) and the
    // generation, already started, fails the same way. Either way the report ends in error, not running.
    const response = await call(app, { method: 'POST', url: `/reports/${id}/generate`, headers: admin });
    if (target.name === 'pglite') {
      expect(response.status).toBe(507);
      expect(response.body.error).toBe(
        "The server's disk is full: the change was not saved. Free some space and try again.",
      );
    } else {
      expect(response.status).toBe(200);
    }
    const failed = await ended(id);
    expect(failed).toMatchObject({
      status: 'error',
      error: formatError(ERRORS.diskFull, { what: 'report file' }),
      file: null,
    });
    expect(failed.error).toBe(
      "The server's disk is full: the report file was not saved. Free some space and try again.",
    );
    // Nothing half-stored: no row, nothing to download.
    expect(await full.database.db.$count(reportFiles)).toBe(0);
    const download = await call(app, { method: 'GET', url: `/reports/${id}/download`, headers: admin });
    expect(download.status).toBe(404);

    // The server goes on.
    expect((await call(app, { method: 'GET', url: '/auth/test' })).status).toBe(200);
    expect((await call(app, { method: 'GET', url: '/reports', headers: admin })).status).toBe(200);

    full.disk.free();
    const again = await generate(id);
    expect(again).toMatchObject({ status: 'active', error: null });
    expect(again.file?.fileName).toMatch(/\.pdf$/);
    const file = await app.inject({ method: 'GET', url: `/reports/${id}/download`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
