/**
 * Protected by default (issue 29 item 4): the daily restore test's schedule is stored, shown and edited
 * through the backups API, on PGlite and PostgreSQL: a new install reads today's defaults; a change is
 * validated, audited, kept across restarts and re-schedules pg-boss's (shared) schedule; pausing removes
 * it; only backups.manage may read or change it; CONSOLE_DEFAULT_BACKUPS=off stores it paused.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RestoreTestSchedule } from '../../../../shared/api/backups';
import { createTokenService } from '../../../../server/auth/tokens';
import { BACKUP_QUEUES } from '../../../../server/backups/jobs';
import { BACKUP_TEXTS } from '../../../../server/backups/routes';
import { auditLogs } from '../../../../server/db/schema';
import { createLogger } from '../../../../server/logger';
import { generateSecretKey } from '../../../../server/security/secret-box';
import { startServer, type RunningServer } from '../../../../server/start';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser } from '../../../support/server';

const JWT_SECRET = 'restore-test-schedule-'.repeat(3);
const quiet = createLogger({ level: 'silent' });
const URL = '/backups/restore-test';

describe.each(testDatabases)('the daily restore test schedule on $name', (target) => {
  let work: string;
  const drops: (() => Promise<void>)[] = [];
  const envBefore = { ...process.env };
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'restore-test-schedule-'));
    process.env.CONSOLE_SECRET_KEY = generateSecretKey().toString('base64');
  });
  afterAll(async () => {
    process.env = envBefore;
    for (const drop of drops) await drop();
    await rm(work, { recursive: true, force: true });
  });

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
  const tokens = createTokenService({
    secret: new TextEncoder().encode(JWT_SECRET),
    lifetimeMinutes: 60,
    now: Date.now,
  });
  const tokenOf = async (server: RunningServer, role: 'super_admin' | 'app_owner') =>
    (await tokens.issue((await insertUser(server.database, role)).id)).token;
  const read = async (server: RunningServer, token: string) => {
    const answer = await call(server.app, { method: 'GET', url: URL, headers: bearer(token) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as RestoreTestSchedule;
  };
  const update = (server: RunningServer, token: string, payload: Record<string, unknown>) =>
    call(server.app, { method: 'PUT', url: URL, headers: bearer(token), payload });
  const bossSchedules = async (server: RunningServer) =>
    (await server.jobs.boss.getSchedules())
      .filter((s) => s.name === BACKUP_QUEUES.restoreTest)
      .map((s) => [s.cron, s.timezone]);

  it('reads the default, changes it (validated, audited, re-scheduled in pg-boss), pauses, and keeps it over a restart', async () => {
    const install = await newInstall();
    let server = await install.start();
    try {
      const token = await tokenOf(server, 'super_admin');
      expect(await read(server, token)).toEqual({
        status: 'active',
        schedule: '30 4 * * *',
        windowDays: 7,
        nextRun: expect.stringMatching(/T04:30:00\.000Z$/),
        lastTest: null,
      });
      expect(await bossSchedules(server)).toEqual([['30 4 * * *', 'UTC']]);

      // Refused, each with its reason, and nothing changed.
      for (const [payload, message] of [
        [{ status: 'active', schedule: '61 25 * * *', windowDays: 7 }, BACKUP_TEXTS.schedule],
        [
          { status: 'active', schedule: 'every day', windowDays: 7 },
          'A schedule is a cron expression of five fields',
        ],
        [{ status: 'active', schedule: '0 6 * * *', windowDays: 0 }, 'The window is 1 to 365 days'],
        [{ status: 'active', schedule: '0 6 * * *', windowDays: 366 }, 'The window is 1 to 365 days'],
      ] as const) {
        const refused = await update(server, token, payload);
        expect(refused.status, JSON.stringify(refused.body)).toBe(400);
        expect(JSON.stringify(refused.body)).toContain(message);
      }
      expect(await read(server, token)).toMatchObject({ schedule: '30 4 * * *', windowDays: 7 });
      expect(await bossSchedules(server)).toEqual([['30 4 * * *', 'UTC']]);

      // backups.manage only: an app owner may neither read nor change it.
      const owner = await tokenOf(server, 'app_owner');
      expect((await call(server.app, { method: 'GET', url: URL, headers: bearer(owner) })).status).toBe(403);
      const ownerUpdate = await update(server, owner, {
        status: 'paused',
        schedule: '0 6 * * *',
        windowDays: 3,
      });
      expect(ownerUpdate.status).toBe(403);

      const changed = await update(server, token, {
        status: 'active',
        schedule: '15 6 * * 1',
        windowDays: 14,
      });
      expect(changed.status, JSON.stringify(changed.body)).toBe(200);
      expect(changed.body.data).toMatchObject({ status: 'active', schedule: '15 6 * * 1', windowDays: 14 });
      const shown = await read(server, token);
      expect(shown).toMatchObject({ schedule: '15 6 * * 1', windowDays: 14 });
      expect(new Date(shown.nextRun!).getUTCDay()).toBe(1);
      expect(shown.nextRun).toMatch(/T06:15:00\.000Z$/);
      expect(await bossSchedules(server)).toEqual([['15 6 * * 1', 'UTC']]);
      const audited = await server.database.db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.resource, 'backup_restore_test'),
            eq(auditLogs.action, 'UPDATE'),
            eq(auditLogs.status, 'success'),
          ),
        );
      expect(audited).toEqual([
        expect.objectContaining({
          status: 'success',
          severity: 'medium',
          details: expect.objectContaining({
            before: { status: 'active', schedule: '30 4 * * *', windowDays: 7 },
            after: { status: 'active', schedule: '15 6 * * 1', windowDays: 14 },
          }),
        }),
      ]);

      const paused = await update(server, token, {
        status: 'paused',
        schedule: '15 6 * * 1',
        windowDays: 14,
      });
      expect(paused.body.data).toMatchObject({ status: 'paused', nextRun: null });
      expect(await bossSchedules(server)).toEqual([]);

      // A restart keeps what the admin made of it (here: paused, no pg-boss schedule), then resumed.
      await server.close();
      server = await install.start();
      expect(await read(server, token)).toMatchObject({
        status: 'paused',
        schedule: '15 6 * * 1',
        windowDays: 14,
      });
      expect(await bossSchedules(server)).toEqual([]);
      await update(server, token, { status: 'active', schedule: '15 6 * * 1', windowDays: 14 });
      expect(await bossSchedules(server)).toEqual([['15 6 * * 1', 'UTC']]);
    } finally {
      await server.close();
    }
  }, 300_000);

  // Several instances share one PostgreSQL database, and pg-boss's schedule table in it: one change suffices.
  it.runIf(target.createEmpty)(
    're-schedules every instance with one change',
    async () => {
      const install = await newInstall();
      const first = await install.start();
      const second = await install.start();
      try {
        const token = await tokenOf(first, 'super_admin');
        const changed = await update(first, token, {
          status: 'active',
          schedule: '45 5 * * *',
          windowDays: 3,
        });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        expect(await bossSchedules(second)).toEqual([['45 5 * * *', 'UTC']]);
        expect(await read(second, token)).toMatchObject({ schedule: '45 5 * * *', windowDays: 3 });
      } finally {
        await second.close();
        await first.close();
      }
    },
    120_000,
  );

  it('stores it paused with CONSOLE_DEFAULT_BACKUPS=off, so the screen shows the truth', async () => {
    process.env.CONSOLE_DEFAULT_BACKUPS = 'off';
    try {
      const server = await (await newInstall()).start();
      try {
        const token = await tokenOf(server, 'super_admin');
        expect(await read(server, token)).toEqual({
          status: 'paused',
          schedule: '30 4 * * *',
          windowDays: 7,
          nextRun: null,
          lastTest: null,
        });
        expect(await bossSchedules(server)).toEqual([]);
      } finally {
        await server.close();
      }
    } finally {
      delete process.env.CONSOLE_DEFAULT_BACKUPS;
    }
  }, 120_000);
});
