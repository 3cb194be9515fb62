/**
 * A backup onto a really full disk (issue 27 item 6): a storage location on a small tmpfs filled to its last
 * block. The run fails with the one disk-full text, no archive and no .part file is left in the folder, no
 * recovery point is listed, and the server goes on answering; the server's own log file, on the same full
 * disk, drops lines without crashing or holding a request, says so once, and again when space returns,
 * when the next backup succeeds. On PGlite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type SonicBoom from 'sonic-boom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupOverview } from '../../../../shared/api/backups';
import { ERRORS, formatError } from '../../../../shared/errors';
import { buildApp } from '../../../../server/app';
import {
  closeRotatingFile,
  createLogger,
  LOG_ROTATION,
  openRotatingFile,
  SERVER_LOG_NAME,
} from '../../../../server/logger';
import { openDatabase, type Database } from '../../../../server/db/client';
import { migrateDatabase } from '../../../../server/db/migrate';
import { testDatabases } from '../../../support/databases';
import { FULL_DISK, mountSmallDisk, type SmallDisk } from '../../../support/full-disk';
import { TEST_SECRET_KEY, bearer, call, createClock, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const title = FULL_DISK.available
  ? 'a backup onto a full disk on $name'
  : `a backup onto a full disk on $name: skipped, ${FULL_DISK.reason}`;

describe.skipIf(!FULL_DISK.available).each(testDatabases)(title, { timeout: 300_000 }, (target) => {
  const suite = useServerSuite(target, { app: false });
  let disk: SmallDisk;
  let dataFolder: string;
  let logFile: SonicBoom;
  let app: FastifyInstance;
  let admin: { authorization: string };
  const notices: string[] = [];

  beforeAll(async () => {
    disk = mountSmallDisk('1m');
    dataFolder = await mkdtemp(path.join(tmpdir(), 'console-backup-full-'));
    logFile = await openRotatingFile(path.join(disk.dir, 'logs'), SERVER_LOG_NAME, LOG_ROTATION, (notice) =>
      notices.push(notice),
    );
    app = await buildApp({
      database: suite.database,
      config: {
        now: suite.clock.now,
        dataFolder,
        shedding: { maxEventLoopDelayMs: 0, heavyConcurrency: 1_000 },
      },
      // Every request logged, into the file on the disk that fills.
      logger: createLogger({ level: 'info', destination: logFile }),
      secretKey: TEST_SECRET_KEY,
    });
    admin = bearer(
      await tokenFor(suite.database, suite.clock, (await insertUser(suite.database, 'super_admin')).id),
    );
  });
  afterAll(async () => {
    await app?.close();
    if (logFile) await closeRotatingFile(logFile);
    await disk?.unmount();
    if (dataFolder) await rm(dataFolder, { recursive: true, force: true });
  });

  const overview = async () =>
    (await call(app, { method: 'GET', url: '/backups', headers: admin })).body.data as BackupOverview;
  /** The API answers at once and the run goes on: polls the overview until it ended (no fixed sleep). */
  const ended = async (runId: string) => {
    for (;;) {
      const o = await overview();
      const run = o.history.find((h) => h.id === runId);
      if (run && run.status !== 'running' && o.activity.length === 0) return { o, run };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  /** Polls, bounded: the log file's writes are asynchronous. */
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 1_000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  };

  it('fails the run with the disk-full text, leaves nothing half-written, and the server goes on', async () => {
    const archives = path.join(disk.dir, 'archives');
    await mkdir(archives);
    const location = await call(app, {
      method: 'POST',
      url: '/backups/locations',
      headers: admin,
      payload: { name: 'Small disk', path: archives },
    });
    expect(location.status).toBe(200);
    const job = await call(app, {
      method: 'POST',
      url: '/backups/jobs',
      headers: admin,
      payload: {
        name: 'Onto the small disk',
        type: 'full',
        locationId: (location.body.data as { id: string }).id,
        schedule: '0 3 * * *',
        retention: 7,
        compression: 'gzip',
        status: 'active',
      },
    });
    expect(job.status).toBe(200);
    const jobId = (job.body.data as { id: string }).id;

    // One page (4 KB) left: the archive begins, and the disk fills under it.
    disk.fill(4_096);
    expect(disk.available()).toBeLessThanOrEqual(4_096);
    const start = await call(app, {
      method: 'POST',
      url: '/backups/runs',
      headers: admin,
      payload: { jobId },
    });
    expect(start.status).toBe(200);
    const runId = (start.body.data as { runId: string }).runId;
    const { o, run } = await ended(runId);

    expect(run).toMatchObject({
      status: 'failed',
      errorMessage: formatError(ERRORS.diskFull, { what: 'backup' }),
    });
    expect(run.errorMessage).toBe(
      "The server's disk is full: the backup was not saved. Free some space and try again.",
    );
    expect(o.recoveryPoints.map((p) => p.id)).not.toContain(runId);
    // Nothing half-written is left where a person (or a restore) would find it.
    expect(await readdir(archives)).toEqual([]);

    // The server goes on: the health check and a list answer, while its log file cannot write a line.
    // (Fifty requests: their log lines overflow the last page the file already had on the tmpfs.)
    for (let i = 0; i < 50; i++)
      expect((await call(app, { method: 'GET', url: '/auth/test' })).status).toBe(200);
    expect((await call(app, { method: 'GET', url: '/backups', headers: admin })).status).toBe(200);
    await until(() => notices.length > 0);
    // Full now. It may have been full once before and written again: the failed archive's removal gives
    // its page back, and the log's held lines fit there until these requests' lines fill it again.
    const FULL = /disk of the server log file is full/;
    const AGAIN = /server log file writes again; \d+ log line\(s\) were dropped meanwhile/;
    expect(notices.at(-1)).toMatch(FULL);
    for (const [i, notice] of notices.entries()) expect(notice).toMatch(i % 2 === 0 ? FULL : AGAIN);
    const before = notices.length;

    // Space returns: the next backup is whole, and the log file says how many lines it lost.
    disk.free();
    const again = await call(app, {
      method: 'POST',
      url: '/backups/runs',
      headers: admin,
      payload: { jobId },
    });
    const second = await ended((again.body.data as { runId: string }).runId);
    expect(second.run.status).toBe('success');
    const files = await readdir(archives);
    expect(files).toEqual([expect.stringMatching(/^console-.*-full-[0-9a-f]{8}\.gz\.age$/)]);
    // Larger than the page that was left: the first archive had begun, and was removed when the disk filled.
    expect((await stat(path.join(archives, files[0]!))).size).toBeGreaterThan(4_096);
    await until(() => notices.length > before);
    expect(notices[before]).toMatch(AGAIN);
  });
});

/**
 * PGlite in a data folder backs up from a copy of the folder, made on the same disk: a disk too full for
 * the copy fails the run the same way, and the half-made copy is removed at once (not left for the next
 * start), beside no archive.
 */
describe.skipIf(!FULL_DISK.available)(
  FULL_DISK.available
    ? 'a backup of a PGlite data folder on a full disk'
    : `a backup of a PGlite data folder on a full disk: skipped, ${FULL_DISK.reason}`,
  { timeout: 300_000 },
  () => {
    const clock = createClock();
    let disk: SmallDisk;
    let database: Database;
    let app: FastifyInstance;
    let admin: { authorization: string };
    beforeAll(async () => {
      disk = mountSmallDisk('160m');
      database = await openDatabase({ dataDir: path.join(disk.dir, 'database') });
      await migrateDatabase(database);
      app = await buildApp({
        database,
        config: {
          now: clock.now,
          dataFolder: disk.dir,
          shedding: { maxEventLoopDelayMs: 0, heavyConcurrency: 1_000 },
        },
        logger: createLogger({ level: 'silent' }),
        secretKey: TEST_SECRET_KEY,
      });
      admin = bearer(await tokenFor(database, clock, (await insertUser(database, 'super_admin')).id));
    }, 120_000);
    afterAll(async () => {
      await app?.close();
      await database?.close();
      await disk?.unmount();
    });

    const ended = async (runId: string) => {
      for (;;) {
        const o = (await call(app, { method: 'GET', url: '/backups', headers: admin })).body
          .data as BackupOverview;
        const run = o.history.find((h) => h.id === runId);
        if (run && run.status !== 'running' && o.activity.length === 0) return run;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const backUp = async () => {
      const start = await call(app, { method: 'POST', url: '/backups/runs', headers: admin, payload: {} });
      expect(start.status).toBe(200);
      return ended((start.body.data as { runId: string }).runId);
    };

    it('fails the run, removes the half-made copy, and the server goes on', async () => {
      // 1 MB left: the copy of the data folder (tens of MB) begins, and the disk fills under it.
      disk.fill(1024 * 1024);
      const run = await backUp();
      expect(run).toMatchObject({
        status: 'failed',
        errorMessage: formatError(ERRORS.diskFull, { what: 'backup' }),
      });
      expect((await readdir(disk.dir)).filter((name) => name.startsWith('database.'))).toEqual([]);
      expect(await readdir(path.join(disk.dir, 'backups'))).toEqual([]);
      expect((await call(app, { method: 'GET', url: '/auth/test' })).status).toBe(200);

      disk.free();
      expect(await backUp()).toMatchObject({ status: 'success' });
      expect((await readdir(disk.dir)).filter((name) => name.startsWith('database.'))).toEqual([]);
    });
  },
);
