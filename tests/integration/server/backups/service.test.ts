import { and, eq, inArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupOverview } from '../../../../shared/api/backups';
import { appendAuditRecord, chainHead } from '../../../../server/audit/chain';
import { loadBackupKey } from '../../../../server/backups/keys';
import { archiveFileName } from '../../../../server/backups/locations';
import { runRestoreTest } from '../../../../server/backups/jobs';
import { saveRestoreTest } from '../../../../server/backups/restore-test';
import {
  pointToTest,
  RESTORE_TEST_STEPS,
  restoreTestKey,
  testRestore,
} from '../../../../server/backups/recovery';
import { backupOverview } from '../../../../server/backups/overview';
import { restoreArchives } from '../../../../server/backups/restore';
import { chainOf } from '../../../../server/backups/runs';
import { archiveFiles, startRestore } from '../../../../server/backups/recovery';
import { ArchiveDecryptError } from '../../../../server/backups/crypto';
import { BackupService, RUN_STALE_AFTER_MS } from '../../../../server/backups/service';
import {
  alerts,
  auditLogs,
  backupJobs,
  backupLocations,
  backupRuns,
  organizations,
  webhookEvents,
} from '../../../../server/db/schema';
import { createWebhookService } from '../../../../server/integrations/service';
import { createSecretBox, generateSecretKey } from '../../../../server/security/secret-box';
import { testDatabases } from '../../../support/databases';
import { bearer, call, createClock, tokenFor } from '../../../support/server';
import { quietBackupService, restoreEnded, restoreTestEnded } from '../../../support/backups';
import { useServerSuite } from '../../../support/suite';
import { tableChecksums } from './checksums';

const DAY = 86_400_000;
let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'console-backup-service-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe.each(testDatabases)('backup and recovery on $name', { timeout: 300_000 }, (target) => {
  const clock = createClock();
  const dataFolder = path.join(tmpdir(), `console-backup-${target.name}-${process.pid}`);
  // Every request here is answered within the default handler timeout: backups, restores and restore tests
  // go on after their answer.
  const suite = useServerSuite(target, { clock, tenants: true, app: { dataFolder } });
  let service: BackupService;
  beforeAll(async () => {
    // The server's own webhook service on this database: backup events are recorded as webhook events.
    const webhooks = createWebhookService({
      db: suite.database.db,
      now: clock.now,
      secrets: createSecretBox(generateSecretKey()),
      outbound: {},
      logger: { warn: () => undefined, error: () => undefined },
    });
    service = new BackupService({
      database: suite.database,
      dataFolder,
      key: await loadBackupKey(dataFolder),
      now: clock.now,
      logger: { warn: () => undefined, error: () => undefined },
      emit: (event, payload) => webhooks.emit(event, payload),
      raiseAlert: (alert) => suite.app.alerting.raise(alert),
    });
  });
  afterAll(async () => {
    await rm(dataFolder, { recursive: true, force: true });
  });

  // A fresh token each time: the tests move the clock by weeks.
  let token = { at: -1, value: '' };
  const admin = async () => {
    if (token.at !== clock.now())
      token = { at: clock.now(), value: await tokenFor(suite.database, clock, suite.f.platformAdmin.id) };
    return bearer(token.value);
  };
  const overview = async () => {
    const res = await call(suite.app, { method: 'GET', url: '/backups', headers: await admin() });
    expect(res.status).toBe(200);
    return res.body.data as BackupOverview;
  };
  const addAudit = (n: number) =>
    (async () => {
      for (let i = 0; i < n; i++)
        await appendAuditRecord(suite.database.db, {
          id: crypto.randomUUID(),
          organizationId: null,
          userId: null,
          userName: 'test',
          userEmail: null,
          action: 'UPDATE',
          resource: 'test',
          resourceId: String(i),
          details: {},
          timestamp: new Date(clock.now()),
          ipAddress: null,
          userAgent: null,
          status: 'success',
          severity: 'low',
        });
    })();
  const addOrganization = (slug: string) =>
    suite.database.db.insert(organizations).values({ name: slug, slug }).returning();
  const waitForIdle = async () => {
    // The API answers at once; the run and its restore test go on. Poll the overview, no fixed sleeps.
    for (;;) {
      const o = await overview();
      if (o.activity.every((a) => a.percent >= 100) && o.history.every((h) => h.status !== 'running'))
        return o;
      await new Promise((r) => setImmediate(r));
    }
  };

  it('runs a backup from the API, lists it, tests its restore and marks the point verified', async () => {
    const start = await call(suite.app, {
      method: 'POST',
      url: '/backups/runs',
      headers: await admin(),
      payload: {},
    });
    expect(start.status).toBe(200);
    let o = await waitForIdle();
    expect(o.recoveryPoints[0]).toMatchObject({ verified: false, verification: 'pending' });
    // A server's job runner tests each new point; this bare app is asked through the endpoint, which
    // answers at once (a restore test outlasts a request) and runs the test in the background.
    const point = o.recoveryPoints[0]!;
    const test = async () =>
      call(suite.app, { method: 'POST', url: `/backups/points/${point.id}/test`, headers: await admin() });
    const tested = await test();
    expect(tested.status).toBe(200);
    expect(tested.body.data).toEqual({ runId: point.id });
    const [row] = await suite.database.db.select().from(backupRuns).where(eq(backupRuns.id, point.id));
    expect(row).toMatchObject({ verification: 'pending', verifiedAt: null });
    o = await overview();
    const running = o.activity.find((a) => a.runId === point.id);
    expect(running).toMatchObject({ kind: 'test' });
    expect(running!.failed).toBeUndefined();
    // Asked again while it runs: the same answer, and no second test.
    const again = await test();
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ runId: point.id });
    o = await restoreTestEnded(suite.app, await admin(), point.id);
    expect(o.activity.find((a) => a.runId === point.id)).toEqual({
      kind: 'test',
      runId: point.id,
      step: 'Restore test verified',
      percent: 100,
    });
    const requests = await suite.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'READ'),
          eq(auditLogs.resource, 'backup'),
          eq(auditLogs.resourceId, point.id),
        ),
      );
    expect(requests.map((r) => r.details)).toEqual([
      { started: true },
      { started: false, reason: 'A restore test of this recovery point is already queued or running' },
    ]);
    // The outcome is audited where the test ends, as the daily test's is; one test ran.
    const outcomes = await suite.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'backup_restore_test'), eq(auditLogs.resourceId, point.id)));
    expect(outcomes).toEqual([
      expect.objectContaining({ status: 'success', details: { verification: 'verified' } }),
    ]);
    expect(o.history[0]).toMatchObject({ status: 'success', type: 'full', trigger: 'manual' });
    expect(o.history[0]!.filesBackedUp).toBeGreaterThan(30);
    expect(o.recoveryPoints[0]).toMatchObject({ verified: true, type: 'full' });
    expect(o.kpis.lastVerifiedRestore).not.toBeNull();
    expect(o.kpis.successRate30d).toBe(100);
    expect(o.locations[0]).toMatchObject({ status: 'online', isDefault: true });
    expect(o.locations[0]!.capacity).toBeGreaterThan(0);
    expect(o.keyPending).toBe(true);
  }, 240_000);

  it('shows the activity as it was when the overview was asked for, so an outcome it shows is one the points show', async () => {
    // A restore test records its outcome, then shows it: read in that order the two cannot disagree.
    const runId = randomUUID();
    const key = restoreTestKey(runId);
    service.activity.set(key, { kind: 'test', runId, step: RESTORE_TEST_STEPS.testing, percent: 70 });
    try {
      const asked = backupOverview(service);
      service.activity.set(key, { kind: 'test', runId, step: RESTORE_TEST_STEPS.verified, percent: 100 });
      const o = await asked;
      expect(o.activity.find((a) => a.runId === runId)).toMatchObject({ percent: 70 });
    } finally {
      service.activity.delete(key);
    }
  });

  it("downloads a point's archive as written (age-encrypted): backups.manage only, audited, a damaged one refused", async () => {
    const point = (await overview()).recoveryPoints[0]!;
    expect(point.downloadUrl).toBe(`/backups/points/${point.id}/download`);
    const file = path.join(dataFolder, 'backups', point.fileName);
    const response = await suite.app.inject({
      method: 'GET',
      url: point.downloadUrl,
      headers: await admin(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${point.fileName}"`);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.rawPayload.equals(await readFile(file))).toBe(true);
    expect(response.rawPayload.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
    const [record] = await suite.database.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.action, 'EXPORT'),
          eq(auditLogs.resource, 'backup'),
          eq(auditLogs.resourceId, point.id),
        ),
      );
    expect(record).toMatchObject({ status: 'success', severity: 'high', userId: suite.f.platformAdmin.id });
    expect(record!.details).toMatchObject({ fileName: point.fileName, size: point.size });

    const reader = await suite.app.inject({
      method: 'GET',
      url: point.downloadUrl,
      headers: bearer(suite.f.platformReader.token),
    });
    expect(reader.statusCode).toBe(403);
    expect(reader.json<{ error: string }>().error).toBe('You do not have the permission backups.manage');
    expect((await suite.app.inject({ method: 'GET', url: point.downloadUrl })).statusCode).toBe(401);
    const unknown = await suite.app.inject({
      method: 'GET',
      url: `/backups/points/${crypto.randomUUID()}/download`,
      headers: await admin(),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toBe('The recovery point does not exist');

    const bytes = await readFile(file);
    bytes[bytes.length - 100]! ^= 0xff;
    await writeFile(file, bytes);
    try {
      const damaged = await suite.app.inject({
        method: 'GET',
        url: point.downloadUrl,
        headers: await admin(),
      });
      expect(damaged.statusCode).toBe(409);
      expect(damaged.json<{ error: string }>().error).toMatch(/is damaged .* download refused$/);
      const failures = await suite.database.db
        .select()
        .from(auditLogs)
        .where(
          and(
            eq(auditLogs.resource, 'backup'),
            eq(auditLogs.status, 'failure'),
            eq(auditLogs.resourceId, point.id),
          ),
        );
      expect(failures).toHaveLength(1);
    } finally {
      bytes[bytes.length - 100]! ^= 0xff;
      await writeFile(file, bytes);
    }
  });

  it('restores with a typed confirmation: a change made after the backup is gone, and service resumes', async () => {
    let o = await overview();
    const point = o.recoveryPoints[0]!;
    await addOrganization(`after-${target.name}`);
    const wrong = await call(suite.app, {
      method: 'POST',
      url: `/backups/points/${point.id}/restore`,
      headers: await admin(),
      payload: { confirmation: 'yes' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toBe('Type RESTORE to confirm the restore');
    const request = async () =>
      call(suite.app, {
        method: 'POST',
        url: `/backups/points/${point.id}/restore`,
        headers: await admin(),
        payload: { confirmation: 'RESTORE' },
      });
    const headBefore = await chainHead(suite.database.db);
    const [res, twice] = await Promise.all([request(), request()]);
    expect([res.status, twice.status].sort()).toEqual([200, 409]);
    expect([res, twice].find((r) => r.status === 409)!.body.error).toBe('A restore is already running');
    // Answered at once; the restore goes on, followed in the overview's activity.
    o = await restoreEnded(suite.app, await admin());
    expect(o.activity.find((a) => a.kind === 'restore')).toMatchObject({
      step: 'Restore completed and verified',
      percent: 100,
    });
    const gone = await suite.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.slug, `after-${target.name}`));
    expect(gone).toEqual([]);
    // The safety backup came first, and maintenance mode is off again.
    expect(o.history.find((h) => h.trigger === 'safety')?.status).toBe('success');
    const settings = await call(suite.app, {
      method: 'GET',
      url: '/settings/console',
      headers: await admin(),
    });
    expect((settings.body.data as { maintenanceMode: boolean }).maintenanceMode).toBe(false);
    // The outcome is recorded, in the restored database, as the admin's.
    const records = await suite.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'IMPORT'), eq(auditLogs.resourceId, point.id)));
    expect(records.at(-1)).toMatchObject({
      status: 'success',
      severity: 'critical',
      userId: suite.f.platformAdmin.id,
    });
    // It says where the replaced trail had reached (issue 25): at least where it was when asked.
    const replaced = (records.at(-1)?.details as { replacedChainHead: { seq: number; hash: string } })
      .replacedChainHead;
    expect(replaced.hash).toMatch(/^\S{16,}$/);
    expect(replaced.seq).toBeGreaterThanOrEqual(headBefore!.seq);
  });

  it('refuses at once an archive the key does not open: no safety backup, nothing restored', async () => {
    const point = (await overview()).recoveryPoints[0]!;
    const otherFolder = await mkdtemp(path.join(work, 'other-key-'));
    const stranger = await quietBackupService({
      database: suite.database,
      dataFolder,
      now: clock.now,
      key: await loadBackupKey(otherFolder),
    });
    const before = (await suite.database.db.select().from(backupRuns)).length;
    await expect(
      startRestore(stranger, {
        runId: point.id,
        maintenance: { enter: async () => undefined, leave: async () => undefined },
      }),
    ).rejects.toThrow(ArchiveDecryptError);
    expect(stranger.activity.size).toBe(0);
    expect(await suite.database.db.select().from(backupRuns)).toHaveLength(before);
  });

  it('makes incremental and differential backups of the new audit rows only, each restoring the state it saw', async () => {
    clock.advance(60_000);
    const full = await (await service.start({ trigger: 'manual' })).done;
    expect(full.status).toBe('success');
    const location = await service.defaultLocation();
    const [job] = await suite.database.db
      .insert(backupJobs)
      .values({
        name: `incr-${target.name}`,
        type: 'incremental',
        locationId: location.id,
        schedule: '0 * * * *',
        retentionDays: 14,
      })
      .returning();
    const [diffJob] = await suite.database.db
      .insert(backupJobs)
      .values({
        name: `diff-${target.name}`,
        type: 'differential',
        locationId: location.id,
        schedule: '0 * * * *',
        retentionDays: 30,
      })
      .returning();

    await addAudit(5);
    await addOrganization(`incr-1-${target.name}`);
    clock.advance(60_000);
    const incr1 = await (await service.start({ jobId: job!.id, trigger: 'manual' })).done;
    const afterIncr1 = await tableChecksums(suite.database);
    await addAudit(3);
    clock.advance(60_000);
    const incr2 = await (await service.start({ jobId: job!.id, trigger: 'manual' })).done;
    const afterIncr2 = await tableChecksums(suite.database);
    await addAudit(2);
    clock.advance(60_000);
    const diff = await (await service.start({ jobId: diffJob!.id, trigger: 'manual' })).done;
    const afterDiff = await tableChecksums(suite.database);

    expect([incr1.type, incr2.type, diff.type]).toEqual(['incremental', 'incremental', 'differential']);
    expect(incr1.baseRunId).toBe(full.id);
    expect(incr2.baseRunId).toBe(incr1.id);
    expect(diff.baseRunId).toBe(full.id);
    const audit = (run: typeof full) => run.manifest!.tables.find((t) => t.name === 'audit_logs')!;
    expect(audit(incr2).rows).toBe(3);
    expect(audit(diff).rows).toBe(10);
    expect((await chainOf(suite.database.db, incr2)).map((r) => r.id)).toEqual([full.id, incr1.id, incr2.id]);

    await addOrganization(`later-${target.name}`);
    for (const [run, expected] of [
      [incr1, afterIncr1],
      [incr2, afterIncr2],
      [diff, afterDiff],
    ] as const) {
      await restoreArchives(suite.database, {
        files: await archiveFiles(service, run),
        identity: service.key.identity,
      });
      const now = await tableChecksums(suite.database);
      // A backup's own run rows and its backup.completed event are written after its snapshot.
      for (const [table, value] of expected)
        if (!table.startsWith('backup_') && table !== 'webhook_events') expect(now.get(table)).toEqual(value);
      expect(await testRestore(service, run.id)).toBe('verified');
    }
  });

  it('removes expired archives but never the newest verified full, nor what a kept archive continues', async () => {
    const runs = await suite.database.db.select().from(backupRuns).where(eq(backupRuns.status, 'success'));
    clock.advance(40 * DAY);
    const fresh = await (await service.start({ trigger: 'manual' })).done;
    const removed = await service.applyRetention();
    const newestVerifiedFull = runs
      .filter((r) => r.type === 'full' && r.verification === 'verified')
      .sort((a, b) => b.startedAt.getTime() - a.startedAt.getTime())[0]!;
    expect(removed).not.toContain(newestVerifiedFull.id);
    expect(removed).not.toContain(fresh.id);
    expect(removed.length).toBeGreaterThan(0);
    const files = await readdir(path.join(dataFolder, 'backups'));
    for (const id of removed) {
      const [row] = await suite.database.db.select().from(backupRuns).where(eq(backupRuns.id, id));
      expect(row!.removedAt).not.toBeNull();
      expect(files).not.toContain(row!.fileName);
    }
  });

  it('runs a scheduled job when its cron falls due, on the clock', async () => {
    const location = await service.defaultLocation();
    await suite.database.db.update(backupJobs).set({ status: 'paused' });
    await suite.database.db.insert(backupJobs).values({
      name: `nightly-${target.name}`,
      type: 'full',
      locationId: location.id,
      schedule: '0 2 * * *',
      retentionDays: 30,
      createdAt: new Date(clock.now()),
    });
    expect(await service.runDueJobs()).toEqual([]);
    clock.advance(DAY);
    const started = await service.runDueJobs();
    expect(started).toHaveLength(1);
    expect(await service.runDueJobs()).toEqual([]);
  });

  it('the daily restore test takes a random point of its window (7 days, or as edited), on the clock, and audits it', async () => {
    // Every earlier point is older than the window now; retention is not run, so they are all still there.
    clock.advance(30 * DAY);
    expect(await runRestoreTest(service)).toBeUndefined();
    const older = await (await service.start({ trigger: 'manual' })).done;
    clock.advance(3 * DAY);
    const newer = await (await service.start({ trigger: 'manual' })).done;
    clock.advance(DAY);
    // Newest first: a draw of 0 takes the newest point, the top of the range the oldest in the window.
    expect((await pointToTest(service, { withinDays: 7, random: () => 0 }))?.id).toBe(newer.id);
    expect((await pointToTest(service, { withinDays: 7, random: () => 0.999 }))?.id).toBe(older.id);
    clock.advance(4 * DAY);
    // `older` is 8 days old now: only `newer` can be drawn.
    expect((await pointToTest(service, { withinDays: 7, random: () => 0.999 }))?.id).toBe(newer.id);
    expect(await runRestoreTest(service, undefined, () => 0.999)).toEqual({
      id: newer.id,
      verification: 'verified',
    });
    const rows = await suite.database.db
      .select()
      .from(backupRuns)
      .where(inArray(backupRuns.id, [older.id, newer.id]));
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(newer.id)).toMatchObject({ verification: 'verified', verifiedAt: new Date(clock.now()) });
    expect(byId.get(older.id)?.verification).toBe('pending');
    const [audited] = await suite.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'backup_restore_test'), eq(auditLogs.resourceId, newer.id)));
    expect(audited).toMatchObject({
      action: 'READ',
      status: 'success',
      details: { verification: 'verified' },
    });
    // The window edited on the screen (issue 29): 14 days, and the 8-day-old point can be drawn again.
    await saveRestoreTest(
      suite.database.db,
      { status: 'active', schedule: '30 4 * * *', windowDays: 14 },
      new Date(clock.now()),
    );
    try {
      expect(await runRestoreTest(service, undefined, () => 0.999)).toEqual({
        id: older.id,
        verification: 'verified',
      });
    } finally {
      await saveRestoreTest(
        suite.database.db,
        { status: 'active', schedule: '30 4 * * *', windowDays: 7 },
        new Date(clock.now()),
      );
    }
  });

  it('fails a job whose location vanished (offline, with the reason), and cleans up after a killed backup', async () => {
    const gone = path.join(work, `share-${target.name}`);
    await mkdir(gone);
    const added = await call(suite.app, {
      method: 'POST',
      url: '/backups/locations',
      headers: await admin(),
      payload: { name: `Share ${target.name}`, path: gone },
    });
    expect(added.status).toBe(200);
    const [job] = await suite.database.db
      .insert(backupJobs)
      .values({
        name: `to-share-${target.name}`,
        type: 'full',
        locationId: (added.body.data as { id: string }).id,
        schedule: '0 3 * * *',
        retentionDays: 90,
      })
      .returning();
    await rm(gone, { recursive: true });
    const run = await (await service.start({ jobId: job!.id, trigger: 'manual' })).done;
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/is offline: .* is not there \(unmounted or removed\)/);
    const [location] = await suite.database.db
      .select()
      .from(backupLocations)
      .where(eq(backupLocations.name, `Share ${target.name}`));
    expect(location!.status).toBe('offline');

    // A backup killed mid-way: its row still says running and its .part file is left.
    const folder = path.join(dataFolder, 'backups');
    await writeFile(
      path.join(folder, `${archiveFileName(new Date(clock.now()), 'full', randomUUID(), 'gzip')}.part`),
      'half an archive',
    );
    const [killed] = await suite.database.db
      .insert(backupRuns)
      .values({
        jobName: 'killed',
        type: 'full',
        trigger: 'manual',
        status: 'running',
        startedAt: new Date(clock.now()),
      })
      .returning();
    await service.recover();
    expect((await readdir(folder)).filter((f) => f.endsWith('.part'))).toEqual([]);
    const [after] = await suite.database.db.select().from(backupRuns).where(eq(backupRuns.id, killed!.id));
    expect(after).toMatchObject({ status: 'failed', error: 'The server stopped during the backup' });
    expect((await overview()).recoveryPoints.map((p) => p.id)).not.toContain(killed!.id);
  });

  it("leaves another instance's backup alone while its heartbeat goes on, and fails it once it stops", async () => {
    const folder = path.join(dataFolder, 'backups');
    const fileName = archiveFileName(new Date(clock.now()), 'full', randomUUID(), 'gzip');
    const [other] = await suite.database.db
      .insert(backupRuns)
      .values({
        jobName: 'on another instance',
        type: 'full',
        trigger: 'manual',
        status: 'running',
        startedAt: new Date(clock.now()),
        heartbeatAt: new Date(clock.now()),
        fileName,
      })
      .returning();
    await writeFile(path.join(folder, `${fileName}.part`), 'an archive being written');
    await writeFile(
      path.join(
        folder,
        `${archiveFileName(new Date(clock.now() - 1000), 'full', randomUUID(), 'zstd')}.part`,
      ),
      'left by nobody',
    );
    const parts = async () => (await readdir(folder)).filter((f) => f.endsWith('.part'));
    const status = async () =>
      (await suite.database.db.select().from(backupRuns).where(eq(backupRuns.id, other!.id)))[0]?.status;

    // A backup tick on this instance: the live run's file stays, the orphan goes.
    expect(await service.failAbandonedRuns()).toEqual([]);
    expect(await parts()).toEqual([`${fileName}.part`]);
    expect(await status()).toBe('running');
    // A start: PGlite's data folder is one server's, so whatever runs there was that server's and is over;
    // on PostgreSQL another instance may be at work.
    await service.recover();
    expect(await status()).toBe(target.name === 'pglite' ? 'failed' : 'running');
    if (target.name !== 'pglite') {
      clock.advance(RUN_STALE_AFTER_MS / 2);
      expect(await service.failAbandonedRuns()).toEqual([]);
      clock.advance(RUN_STALE_AFTER_MS);
      expect(await service.failAbandonedRuns()).toEqual([other!.id]);
      expect(await status()).toBe('failed');
    }
    expect(await parts()).toEqual([]);
    expect((await overview()).recoveryPoints.map((p) => p.id)).not.toContain(other!.id);

    // This process's own backup is never taken for abandoned, however long it seems to run.
    const { runId, done } = await service.start({ trigger: 'manual' });
    clock.advance(RUN_STALE_AFTER_MS * 2);
    expect(await service.failAbandonedRuns()).not.toContain(runId);
    expect((await done).status).toBe('success');
  });

  it('records a failed restore test and raises an alert when an archive is damaged', async () => {
    const run = await (await service.start({ trigger: 'manual' })).done;
    const file = path.join(dataFolder, 'backups', run.fileName!);
    const { readFile } = await import('node:fs/promises');
    const bytes = await readFile(file);
    bytes[bytes.length - 100]! ^= 0xff;
    await writeFile(file, bytes);
    expect(await testRestore(service, run.id)).toBe('failed');
    const [row] = await suite.database.db.select().from(backupRuns).where(eq(backupRuns.id, run.id));
    expect(row!.verificationError).toMatch(/is damaged \(its checksum does not match/);
    const raised = await suite.database.db
      .select()
      .from(alerts)
      .where(eq(alerts.title, 'Backup restore test failed'));
    expect(raised.length).toBeGreaterThan(0);
    const tested = await suite.database.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.type, 'restore.tested'));
    expect(tested.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ runId: run.id, verified: false }),
    );
    const refused = await call(suite.app, {
      method: 'POST',
      url: `/backups/points/${run.id}/restore`,
      headers: await admin(),
      payload: { confirmation: 'RESTORE' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/is damaged .* restore refused/);
  });

  it('a restore test asked for a point whose archive is gone ends failed in the activity, saying why', async () => {
    const run = await (await service.start({ trigger: 'manual' })).done;
    await rm(path.join(dataFolder, 'backups', run.fileName!));
    const tested = await call(suite.app, {
      method: 'POST',
      url: `/backups/points/${run.id}/test`,
      headers: await admin(),
    });
    expect(tested.status).toBe(200);
    expect(tested.body.data).toEqual({ runId: run.id });
    const o = await restoreTestEnded(suite.app, await admin(), run.id);
    const ended = o.activity.find((a) => a.runId === run.id);
    expect(ended).toMatchObject({ kind: 'test', percent: 100, failed: true });
    expect(ended!.step).toMatch(
      new RegExp(`^Restore test failed: The archive ${run.fileName} is missing from `),
    );
    expect(o.recoveryPoints.find((p) => p.id === run.id)).toMatchObject({
      verification: 'failed',
      verified: false,
    });
    const [outcome] = await suite.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.resource, 'backup_restore_test'), eq(auditLogs.resourceId, run.id)));
    expect(outcome).toMatchObject({
      status: 'failure',
      severity: 'high',
      details: { verification: 'failed' },
    });

    const unknown = await call(suite.app, {
      method: 'POST',
      url: `/backups/points/${randomUUID()}/test`,
      headers: await admin(),
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('The recovery point does not exist');
  });

  it('hands the key out once', async () => {
    const first = await call(suite.app, {
      method: 'POST',
      url: '/backups/key/reveal',
      headers: await admin(),
    });
    expect((first.body.data as { identity: string }).identity).toMatch(/^AGE-SECRET-KEY-1/);
    const second = await call(suite.app, {
      method: 'POST',
      url: '/backups/key/reveal',
      headers: await admin(),
    });
    expect(second.status).toBe(409);
    expect((await overview()).keyPending).toBe(false);
    void sql;
  });

  it('the default location is the backups folder of the data folder the database lives in: on PostgreSQL another instance starting with its own data folder leaves it where it was registered', async () => {
    const own = path.join(dataFolder, 'backups');
    const elsewhere = path.join(work, `instance-${target.name}`);
    const other = await quietBackupService({
      database: suite.database,
      dataFolder: elsewhere,
      key: service.key,
      now: clock.now,
    });
    await other.recover();
    // PGlite in a folder is that folder's (a folder moved or copied: pglite-folder.test.ts).
    expect((await other.defaultLocation()).path).toBe(
      target.name === 'pglite' ? path.join(elsewhere, 'backups') : own,
    );
    await service.recover();
    expect((await service.defaultLocation()).path).toBe(own);
  });
});
