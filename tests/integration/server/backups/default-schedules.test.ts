/**
 * Protected by default (issue 29 item 4): the first start of a new install has a nightly full backup job
 * and the daily restore test, on PGlite and PostgreSQL; the job is shown and edited through the backups
 * API like any other and is not added again at later starts; CONSOLE_DEFAULT_BACKUPS=off (test builds, e2e
 * hosts) leaves both out (the restore test's setting is stored paused: restore-test-schedule.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BackupOverview } from '../../../../shared/api/backups';
import { createTokenService } from '../../../../server/auth/tokens';
import { BACKUP_QUEUES } from '../../../../server/backups/jobs';
import { DAILY_RESTORE_TEST_CRON } from '../../../../server/backups/restore-test';
import { createLogger } from '../../../../server/logger';
import { generateSecretKey } from '../../../../server/security/secret-box';
import { startServer, type RunningServer } from '../../../../server/start';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser } from '../../../support/server';

const JWT_SECRET = 'default-schedules-'.repeat(3);
const quiet = createLogger({ level: 'silent' });

describe.each(testDatabases)('backups protected by default on $name', (target) => {
  let work: string;
  const drops: (() => Promise<void>)[] = [];
  const envBefore = { ...process.env };
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'default-backups-'));
    // A key from the environment: a PostgreSQL server would otherwise keep its key in the working folder.
    process.env.CONSOLE_SECRET_KEY = generateSecretKey().toString('base64');
  });
  afterEach(() => {
    delete process.env.CONSOLE_DEFAULT_BACKUPS;
  });
  afterAll(async () => {
    process.env = envBefore;
    for (const drop of drops) await drop();
    await rm(work, { recursive: true, force: true });
  });

  /** A new install: an empty database (a PGlite folder, or a new PostgreSQL database) and data folder. */
  async function newInstall(): Promise<{ start: () => Promise<RunningServer> }> {
    const dataFolder = await mkdtemp(path.join(work, 'data-'));
    const database = target.createEmpty
      ? await target.createEmpty().then((created) => {
          drops.push(created.drop);
          return { databaseUrl: created.url };
        })
      : { dataDir: path.join(dataFolder, 'database') };
    return {
      start: () =>
        startServer({
          ...database,
          dataFolder,
          seedDemo: false,
          logger: quiet,
          config: { jwtSecret: JWT_SECRET },
        }),
    };
  }
  async function adminToken(server: RunningServer): Promise<string> {
    const admin = await insertUser(server.database, 'super_admin');
    const tokens = createTokenService({
      secret: new TextEncoder().encode(JWT_SECRET),
      lifetimeMinutes: 60,
      now: Date.now,
    });
    return (await tokens.issue(admin.id)).token;
  }
  const overview = async (server: RunningServer, token: string) => {
    const answer = await call(server.app, { method: 'GET', url: '/backups', headers: bearer(token) });
    expect(answer.status).toBe(200);
    return answer.body.data as BackupOverview;
  };
  const restoreTestSchedules = async (server: RunningServer) =>
    (await server.jobs.boss.getSchedules())
      .filter((s) => s.name === BACKUP_QUEUES.restoreTest)
      .map((s) => [s.cron, s.timezone]);

  it('starts a new install with the nightly full backup and the daily restore test, editable, added once', async () => {
    const install = await newInstall();
    let server = await install.start();
    try {
      const token = await adminToken(server);
      const { jobs, locations } = await overview(server, token);
      const defaultLocation = locations.find((l) => l.isDefault);
      expect(jobs).toEqual([
        expect.objectContaining({
          name: 'Nightly full backup',
          type: 'full',
          schedule: '0 2 * * *',
          retention: 30,
          status: 'active',
          locationId: defaultLocation?.id,
          nextRun: expect.stringMatching(/T02:00:00\.000Z$/),
        }),
      ]);
      expect(await restoreTestSchedules(server)).toEqual([[DAILY_RESTORE_TEST_CRON, 'UTC']]);

      // Shown and edited through the existing API, as the backups screen does.
      const [job] = jobs;
      const edited = await call(server.app, {
        method: 'PUT',
        url: `/backups/jobs/${job!.id}`,
        headers: bearer(token),
        payload: {
          name: job!.name,
          type: job!.type,
          locationId: job!.locationId,
          schedule: '15 3 * * *',
          retention: 14,
          compression: job!.compression,
          status: 'active',
        },
      });
      expect(edited.status, JSON.stringify(edited.body)).toBe(200);
      expect((await overview(server, token)).jobs).toEqual([
        expect.objectContaining({ id: job!.id, schedule: '15 3 * * *', retention: 14 }),
      ]);

      // A later start keeps what the admin made of it, and does not add it again once deleted.
      await server.close();
      server = await install.start();
      expect((await overview(server, token)).jobs).toEqual([
        expect.objectContaining({ id: job!.id, schedule: '15 3 * * *', retention: 14 }),
      ]);
      const deleted = await call(server.app, {
        method: 'DELETE',
        url: `/backups/jobs/${job!.id}`,
        headers: bearer(token),
      });
      expect(deleted.status).toBe(200);
      await server.close();
      server = await install.start();
      expect((await overview(server, token)).jobs).toEqual([]);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('has neither with CONSOLE_DEFAULT_BACKUPS=off, as test builds and e2e hosts start', async () => {
    process.env.CONSOLE_DEFAULT_BACKUPS = 'off';
    const server = await (await newInstall()).start();
    try {
      const token = await adminToken(server);
      expect((await overview(server, token)).jobs).toEqual([]);
      expect(await restoreTestSchedules(server)).toEqual([]);
    } finally {
      await server.close();
    }
  }, 120_000);
});
