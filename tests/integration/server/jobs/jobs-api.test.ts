/**
 * GET /jobs/queues (system.view_health) and the server's own jobs on the runner: before any runner there
 * are no queues; once the server's jobs ran, audit retention and export expiry show up completed, export
 * jobs expired past the history's days are gone, and recent ones stay.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { JobQueueSummary } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { resolveConfig } from '../../../../server/config';
import { exportJobs } from '../../../../server/db/schema';
import { createJobRunner, type JobRunner } from '../../../../server/jobs/runner';
import { auditModule } from '../../../../server/audit/module';
import { AUDIT_QUEUES, defineAuditJobs } from '../../../../server/audit/jobs';
import { exportsModule } from '../../../../server/exports/module';
import { EXPORT_QUEUES, defineExportJobs } from '../../../../server/exports/jobs';

/** The hourly retention jobs of the audit and exports groups. */
const SERVER_QUEUES = { auditRetention: AUDIT_QUEUES.retention, exportExpiry: EXPORT_QUEUES.expiry };
import { testDatabases } from '../../../support/databases';
import { bearer, buildTestApp, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const DAY_MS = 86_400_000;

describe.each(testDatabases)('job queues endpoint on $name', (target) => {
  const suite = useServerSuite(target);
  const { clock } = suite;
  let jobs: JobRunner | undefined;

  // Registered after the suite's own: runs before the app and the database close.
  afterAll(async () => {
    await jobs?.stop(1);
  });

  const queues = async (token: string) => {
    const answer = await call(suite.app, { method: 'GET', url: '/jobs/queues', headers: bearer(token) });
    return {
      status: answer.status,
      error: answer.body.error,
      queues: (answer.body.data as { queues: JobQueueSummary[] } | undefined)?.queues,
    };
  };

  // The other tests' queues aside.
  const serverQueues = async (token: string) =>
    ((await queues(token)).queues ?? []).filter((q) =>
      (Object.values(SERVER_QUEUES) as string[]).includes(q.name),
    );

  it('answers no queues before a runner first started', async () => {
    const owner = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'app_owner')).id);
    expect(await queues(owner)).toMatchObject({ status: 200, queues: [] });
  });

  it('refuses to build a demo app without a job runner to play the demonstration on', async () => {
    await expect(buildTestApp(suite.database, clock, { demoAlerts: true })).rejects.toThrow(
      'the demonstration alerts run on the job runner',
    );
  });

  it('needs system.view_health', async () => {
    const admin = await tokenFor(
      suite.database,
      clock,
      (await insertUser(suite.database, 'center_admin')).id,
    );
    expect(await queues(admin)).toMatchObject({
      status: 403,
      error: formatError(ERRORS.forbidden, { permission: 'system.view_health' }),
    });
    const anonymous = await call(suite.app, { method: 'GET', url: '/jobs/queues' });
    expect(anonymous.status).toBe(401);
  });

  it('answers requests while a worker drains a backlog, not after it', { timeout: 60_000 }, async () => {
    const busy = createJobRunner({
      database: suite.database,
      logger: { error: () => undefined, warn: () => undefined },
    });
    let handled = 0;
    await busy.define(
      'backlog',
      async () => {
        await suite.database.db.execute(sql`select count(*) from users`);
        handled++;
      },
      { data: z.object({ n: z.number() }), concurrency: 4 },
    );
    try {
      await busy.start();
      await busy.boss.insert(
        'backlog',
        Array.from({ length: 3_000 }, (_, n) => ({ data: { n } })),
      );
      await vi.waitFor(() => expect(handled).toBeGreaterThan(50), { timeout: 30_000 });
      const base = await suite.app.listen({ host: '127.0.0.1', port: 0 });
      const token = await tokenFor(
        suite.database,
        clock,
        (await insertUser(suite.database, 'super_admin')).id,
      );
      const answer = await fetch(`${base}/auth/verify`, { method: 'POST', headers: bearer(token) });
      expect(answer.status).toBe(200);
      expect(handled).toBeLessThan(3_000);
    } finally {
      await busy.stop(1);
    }
  });

  it(
    'shows the server jobs after they ran; export expiry removed only exports past the history',
    { timeout: 60_000 },
    async () => {
      const user = await insertUser(suite.database, 'super_admin');
      const now = clock.now();
      const exportRow = (expiredDaysAgo: number) => ({
        id: randomUUID(),
        userId: user.id,
        type: 'users' as const,
        format: 'csv' as const,
        frozenAt: new Date(now - (expiredDaysAgo + 1) * DAY_MS),
        rowCount: 1,
        createdAt: new Date(now - (expiredDaysAgo + 1) * DAY_MS),
        expiresAt: new Date(now - expiredDaysAgo * DAY_MS),
      });
      const old = exportRow(31);
      const recent = exportRow(2);
      await suite.database.db.insert(exportJobs).values([old, recent]);

      jobs = createJobRunner({
        database: suite.database,
        logger: { error: () => undefined, warn: () => undefined },
      });
      const config = resolveConfig({ now: clock.now });
      await defineAuditJobs(jobs, { db: suite.database.db, config });
      await defineExportJobs(jobs, { db: suite.database.db, config });
      await jobs.start();
      for (const module of [auditModule, exportsModule]) await module.start?.(jobs);

      const token = await tokenFor(suite.database, clock, user.id);
      await vi.waitFor(
        async () => {
          const list = await serverQueues(token);
          expect(list.map((q) => [q.name, q.counts.completed])).toEqual([
            [SERVER_QUEUES.auditRetention, 1],
            [SERVER_QUEUES.exportExpiry, 1],
          ]);
        },
        { timeout: 30_000, interval: 250 },
      );
      const list = await serverQueues(token);
      expect(list[0]).toEqual({
        name: SERVER_QUEUES.auditRetention,
        policy: 'stately',
        counts: { created: 0, retry: 0, active: 0, completed: 1, cancelled: 0, failed: 0 },
        recentFailures: [],
      });
      const kept = await suite.database.db.select({ id: exportJobs.id }).from(exportJobs);
      expect(kept.map((row) => row.id)).toEqual([recent.id]);

      // Hourly, in UTC: retention counts whole UTC days.
      const schedules = await jobs.boss.getSchedules();
      expect(schedules.map((s) => [s.name, s.cron, s.timezone])).toEqual(
        expect.arrayContaining([
          [SERVER_QUEUES.auditRetention, '0 * * * *', 'UTC'],
          [SERVER_QUEUES.exportExpiry, '0 * * * *', 'UTC'],
        ]),
      );
    },
  );
});
