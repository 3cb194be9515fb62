/**
 * A restore test asked for (issue 27: POST /backups/points/:id/test takes 27–31 s under load, past the
 * handler's timeout) answers at once with the point and goes through the restore test's queue, like the
 * daily test: the overview's activity shows it queued or running, then its outcome, and the point's
 * verification is recorded at the end. A second request while one is queued or running starts none; a point
 * whose archive is gone ends failed, the activity saying why. A server with its job runner, on PGlite and
 * PostgreSQL (the bare app's in-process test: service.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupActivity, BackupOverview } from '../../../../shared/api/backups';
import { createTokenService } from '../../../../server/auth/tokens';
import { BACKUP_QUEUES } from '../../../../server/backups/jobs';
import { auditLogs, backupRuns } from '../../../../server/db/schema';
import { createLogger } from '../../../../server/logger';
import { generateSecretKey } from '../../../../server/security/secret-box';
import { startServer, type RunningServer } from '../../../../server/start';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser } from '../../../support/server';

const JWT_SECRET = 'restore-test-request-'.repeat(3);

describe.each(testDatabases)('a restore test asked for on $name', { timeout: 300_000 }, (target) => {
  let work: string;
  let dataFolder: string;
  let server: RunningServer;
  let admin: { authorization: string };
  const drops: (() => Promise<void>)[] = [];
  const envBefore = { ...process.env };

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'restore-test-request-'));
    dataFolder = await mkdtemp(path.join(work, 'data-'));
    // A key from the environment: a PostgreSQL server would otherwise keep its key in the working folder.
    process.env.CONSOLE_SECRET_KEY = generateSecretKey().toString('base64');
    const database = target.createEmpty
      ? await target.createEmpty().then((created) => {
          drops.push(created.drop);
          return { databaseUrl: created.url };
        })
      : { dataDir: path.join(dataFolder, 'database') };
    server = await startServer({
      ...database,
      dataFolder,
      seedDemo: false,
      logger: createLogger({ level: 'silent' }),
      // The test's scratch PGlite runs on the server's thread: on PostgreSQL the event-loop shedding (1 s)
      // would answer the polls 503 meanwhile, which the console retries and this suite need not.
      config: { jwtSecret: JWT_SECRET, shedding: { maxEventLoopDelayMs: 0 } },
    });
    const tokens = createTokenService({
      secret: new TextEncoder().encode(JWT_SECRET),
      lifetimeMinutes: 60,
      now: Date.now,
    });
    admin = bearer((await tokens.issue((await insertUser(server.database, 'super_admin')).id)).token);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    process.env = envBefore;
    for (const drop of drops) await drop();
    await rm(work, { recursive: true, force: true });
  });

  const overview = async () => {
    const answer = await call(server.app, { method: 'GET', url: '/backups', headers: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as BackupOverview;
  };
  const testOf = (o: BackupOverview, pointId: string): BackupActivity | undefined =>
    o.activity.find((a) => a.kind === 'test' && a.runId === pointId);
  const askTest = (pointId: string) =>
    call(server.app, { method: 'POST', url: `/backups/points/${pointId}/test`, headers: admin });
  /** Every job of the restore test's queue for the point, whatever its state. */
  const jobsOf = (pointId: string) =>
    server.jobs.boss.findJobs(BACKUP_QUEUES.restoreTest, { data: { runId: pointId } });
  const runOf = async (pointId: string) =>
    (await server.database.db.select().from(backupRuns).where(eq(backupRuns.id, pointId)))[0]!;

  /** A backup through the API, and the restore test the job runner queues after it, both waited for. */
  async function backUp(): Promise<string> {
    const start = await call(server.app, {
      method: 'POST',
      url: '/backups/runs',
      headers: admin,
      payload: {},
    });
    expect(start.status).toBe(200);
    const { runId } = start.body.data as { runId: string };
    for (;;) {
      const o = await overview();
      const run = o.history.find((h) => h.id === runId);
      if (run && run.status !== 'running' && run.status !== 'success')
        throw new Error(`backup failed: ${run.errorMessage}`);
      const point = o.recoveryPoints.find((p) => p.id === runId);
      const test = testOf(o, runId);
      if (point && point.verification !== 'pending' && test && test.percent === 100) return runId;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Polls the overview until the point's test shows an outcome newer than `after`; answers what it saw. */
  async function followTest(pointId: string, after: Date | null) {
    const steps: string[] = [];
    for (;;) {
      const o = await overview();
      const test = testOf(o, pointId);
      if (test && test.percent < 100 && steps.at(-1) !== test.step) steps.push(test.step);
      const { verifiedAt } = await runOf(pointId);
      if (test?.percent === 100 && verifiedAt && (!after || verifiedAt > after)) return { o, test, steps };
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('answers at once with the point, queues one test however often asked, and shows it until its outcome', async () => {
    const pointId = await backUp();
    expect(await jobsOf(pointId)).toHaveLength(1);
    const before = (await runOf(pointId)).verifiedAt;

    const first = await askTest(pointId);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ runId: pointId });
    // Answered before the test ended: its job is still queued or running.
    expect(
      await server.jobs.unfinished(BACKUP_QUEUES.restoreTest, { data: { runId: pointId } }),
    ).toHaveLength(1);
    const second = await askTest(pointId);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual({ runId: pointId });
    expect(await jobsOf(pointId)).toHaveLength(2);

    const { o, test, steps } = await followTest(pointId, before);
    expect(steps.length).toBeGreaterThan(0);
    expect(steps.every((s) => s === 'Restore test queued' || s.startsWith('Testing the restore'))).toBe(true);
    expect(test).toEqual({ kind: 'test', runId: pointId, step: 'Restore test verified', percent: 100 });
    expect(o.recoveryPoints.find((p) => p.id === pointId)).toMatchObject({
      verification: 'verified',
      verified: true,
    });
    const records = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'backup'), eq(auditLogs.resourceId, pointId)));
    expect(records.filter((r) => r.action === 'READ').map((r) => r.details)).toEqual([
      { started: true },
      { started: false, reason: 'A restore test of this recovery point is already queued or running' },
    ]);
    // The outcome is audited where the test ends, as the daily test's: the backup's own test, then this one.
    const outcomes = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'backup_restore_test'), eq(auditLogs.resourceId, pointId)));
    expect(outcomes.map((r) => r.details)).toEqual([
      { verification: 'verified' },
      { verification: 'verified' },
    ]);
  });

  it('a point whose archive is gone: the test ends failed, the activity saying why, the point failed', async () => {
    const pointId = await backUp();
    const run = await runOf(pointId);
    await rm(path.join(dataFolder, 'backups', run.fileName!));

    const asked = await askTest(pointId);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual({ runId: pointId });
    const { o, test } = await followTest(pointId, run.verifiedAt);
    expect(test).toMatchObject({ kind: 'test', runId: pointId, percent: 100, failed: true });
    expect(test!.step).toMatch(
      new RegExp(
        `^Restore test failed: The archive ${run.fileName!.replaceAll('.', '\\.')} is missing from `,
      ),
    );
    expect(o.recoveryPoints.find((p) => p.id === pointId)).toMatchObject({
      verification: 'failed',
      verified: false,
    });
    expect((await runOf(pointId)).verificationError).toMatch(/is missing from/);
  });

  it('refuses a point that does not exist, as before', async () => {
    const unknown = await askTest(crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('The recovery point does not exist');
  });
});
