import type { FastifyInstance } from 'fastify';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  BACKUP_DOWNLOAD_AUDIT,
  BACKUP_DOWNLOAD_PATH,
  backupEndpoints,
  RESTORE_CONFIRMATION,
  type BackupJobInput,
} from '../../shared/api/backups';
import { addDefaultBackupJob } from './defaults';
import {
  applyRestoreTest,
  defineBackupJobs,
  queuedRestoreTests,
  queueRestoreTest,
  requestRestoreTest,
} from './jobs';
import {
  defaultRestoreTest,
  ensureRestoreTest,
  restoreTestSchedule,
  saveRestoreTest,
  storedRestoreTest,
} from './restore-test';
import { loadBackupKey } from './keys';
import { deleteJob, insertJob, updateJob } from './jobs-store';
import { insertLocation, inspectLocation, locationById, toStorageLocation } from './locations';
import { settingsMaintenance } from './maintenance';
import { backupOverview, jobById } from './overview';
import { finishedRun, runById } from './runs';
import { checkedArchive, startRestore } from './recovery';
import { auditBackupWork } from './audit';
import { actorOf } from '../audit';
import { RestoreRefusedError } from './restore';
import { ArchiveDecryptError } from './crypto';
import { ArchiveFormatError } from './format';
import { BackupError, BackupService, nextRun, type BackupServiceOptions } from './service';
import type { ServerContext } from '../context';
import type { Database } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { isUuid } from '../auth/users';
import { registerDownloadRoute } from '../http/download';
import { HttpError } from '../http/errors';
import { raiseSystemAlert } from '../alerts/service';
import type { Route } from '../http/router';
import type { JobRunner } from '../jobs/runner';

export const BACKUP_TEXTS = {
  confirmation: `Type ${RESTORE_CONFIRMATION} to confirm the restore`,
  schedule: 'The schedule is not a valid cron expression',
  jobName: 'A backup job with this name already exists',
  location: 'A storage location with this name or path already exists',
  locationMissing: 'The storage location does not exist',
  locationInUse: 'The storage location is used by a backup job',
  jobMissing: 'The backup job does not exist',
  pointMissing: 'The recovery point does not exist',
  testUnderWay: 'A restore test of this recovery point is already queued or running',
  keyOffered: 'The backup key was already handed out; it is kept in the server configuration',
} as const;

/**
 * Backup & Recovery. The service is made on first use (a test app that never calls these makes no
 * folders); a server with a job runner makes it at start, which also cleans up after a killed backup.
 */
export async function registerBackupRoutes(
  app: FastifyInstance,
  route: Route,
  ctx: ServerContext,
  database: Database,
  jobs: JobRunner | undefined,
  logger: BackupServiceOptions['logger'],
): Promise<void> {
  let made: Promise<BackupService> | undefined;
  let firstStart = false;
  // An app built without a data folder (tests) keeps its backups and key in a folder of its own, removed
  // when the app closes; a server always has one (CONSOLE_DATA_DIR, its data directory or working folder).
  let temporaryFolder: Promise<string> | undefined;
  app.addHook('onClose', async () => {
    const folder = await temporaryFolder?.catch(() => undefined);
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  const backups = () =>
    (made ??= (async () => {
      const dataFolder =
        ctx.config.dataFolder ?? (await (temporaryFolder = mkdtemp(path.join(tmpdir(), 'console-data-'))));
      const service = new BackupService({
        database,
        dataFolder,
        key: await loadBackupKey(dataFolder, ctx.config.backupIdentity),
        now: ctx.config.now,
        logger,
        emit: (event, payload) => ctx.webhooks.emit(event, payload),
        raiseAlert: (alert) => raiseSystemAlert(ctx, alert),
      });
      ({ firstStart } = await service.recover());
      return service;
    })());
  if (jobs) {
    const service = await backups();
    // Protected by default (issue 29): a new install's nightly backup and daily restore test, unless
    // configuration turns them off (CONSOLE_DEFAULT_BACKUPS=off: test builds, e2e hosts).
    const defaults = ctx.config.defaultBackups;
    // The restore test's setting is stored paused rather than left out, so the screen shows the truth.
    const restoreTest = await ensureRestoreTest(
      ctx.db,
      defaultRestoreTest(defaults ? 'active' : 'paused'),
      service.now(),
    );
    await defineBackupJobs(jobs, backups, { restoreTest });
    if (defaults && firstStart) {
      const job = await addDefaultBackupJob(service);
      if (job)
        ctx.log.info(
          { job: job.name, schedule: job.schedule },
          'backups: a new install, nightly backup added',
        );
    }
  }
  const afterBackup = (done: Promise<{ id: string; status: string }>) => {
    void done
      .then(async (run) => {
        if (run.status !== 'success') return;
        // With a job runner (a server) the restore test follows; a bare app leaves it to the test endpoint.
        if (jobs) await queueRestoreTest(jobs, run.id);
      })
      .catch(() => undefined);
  };

  route(backupEndpoints.overview, async () => {
    const service = await backups();
    // Read before the instance's own activity: a test claimed meanwhile is then shown by its progress.
    return backupOverview(service, jobs ? await queuedRestoreTests(jobs) : []);
  });

  route(backupEndpoints.runBackup, async ({ body, audit }) => {
    const service = await backups();
    try {
      const { runId, done } = await service.start({ jobId: body.jobId, trigger: 'manual' });
      afterBackup(done);
      await audit.record(ctx.db, { resourceId: runId, details: { jobId: body.jobId ?? null } });
      return { runId };
    } catch (error) {
      if (error instanceof BackupError) throw new HttpError(404, error.message);
      throw error;
    }
  });

  const checkJob = async (service: BackupService, body: BackupJobInput) => {
    if (!nextRun(body.schedule, service.now())) throw new HttpError(400, BACKUP_TEXTS.schedule);
    const location = await locationById(ctx.db, body.locationId);
    if (!location) throw new HttpError(400, BACKUP_TEXTS.locationMissing);
  };
  const jobAnswer = async (service: BackupService, id: string) => {
    const overview = await backupOverview(service);
    const job = overview.jobs.find((j) => j.id === id);
    if (!job) throw new HttpError(404, BACKUP_TEXTS.jobMissing);
    return job;
  };

  route(backupEndpoints.createJob, async ({ body, audit }) => {
    const service = await backups();
    await checkJob(service, body);
    try {
      const row = await insertJob(ctx.db, body, service.now());
      await audit.record(ctx.db, { resourceId: row.id, details: { ...body } });
      return jobAnswer(service, row.id);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, BACKUP_TEXTS.jobName);
      throw error;
    }
  });

  route(backupEndpoints.updateJob, async ({ params, body, audit }) => {
    const service = await backups();
    await checkJob(service, body);
    if (!(await jobById(service, params.id))) throw new HttpError(404, BACKUP_TEXTS.jobMissing);
    try {
      await updateJob(ctx.db, params.id, body, service.now());
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, BACKUP_TEXTS.jobName);
      throw error;
    }
    await audit.record(ctx.db, { details: { ...body } });
    return jobAnswer(service, params.id);
  });

  route(backupEndpoints.deleteJob, async ({ params, audit }) => {
    const row = await deleteJob(ctx.db, params.id);
    if (!row) throw new HttpError(404, BACKUP_TEXTS.jobMissing);
    await audit.record(ctx.db, { details: { name: row.name } });
    return { deleted: true as const };
  });

  route(backupEndpoints.createLocation, async ({ body, audit }) => {
    const service = await backups();
    const check = await inspectLocation(body.path);
    try {
      const row = await insertLocation(ctx.db, body.name, path.resolve(body.path), check, service.now());
      await audit.record(ctx.db, { resourceId: row.id, details: { ...body, status: check.status } });
      return toStorageLocation(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, BACKUP_TEXTS.location);
      throw error;
    }
  });

  route(backupEndpoints.checkLocations, async ({ audit }) => {
    const service = await backups();
    const locations = (await service.checkLocations()).map(toStorageLocation);
    await audit.record(ctx.db, { details: { statuses: locations.map((l) => `${l.name}: ${l.status}`) } });
    return { locations };
  });

  route(backupEndpoints.restore, async ({ params, body, audit, session }) => {
    if (body.confirmation.trim() !== RESTORE_CONFIRMATION)
      throw new HttpError(400, BACKUP_TEXTS.confirmation);
    const service = await backups();
    const actor = actorOf(session());
    // The outcome's record follows the request's, however fast the restore ends.
    let requestRecorded!: () => void;
    const recorded = new Promise<void>((resolve) => (requestRecorded = resolve));
    try {
      await startRestore(service, {
        runId: params.id,
        maintenance: settingsMaintenance(ctx.db, ctx.settings, ctx.secrets, () => service.now()),
        // The outcome's record goes into the database the restore leaves, before the activity says it ended.
        recordOutcome: ({ status, details }) =>
          recorded
            .then(() =>
              auditBackupWork(ctx.db, {
                action: 'IMPORT',
                resource: 'backup',
                resourceId: params.id,
                status,
                severity: 'critical',
                details: { ...details },
                at: service.now(),
                actor,
              }),
            )
            .catch((error: unknown) =>
              logger.error({ err: error }, 'could not record the outcome of a restore'),
            ),
      });
    } catch (error) {
      audit.note({ details: { error: error instanceof Error ? error.message : String(error) } });
      if (error instanceof RestoreRefusedError)
        throw new HttpError(error.message === 'A restore is already running' ? 409 : 400, error.message);
      if (error instanceof ArchiveDecryptError || error instanceof ArchiveFormatError)
        throw new HttpError(400, `${error.message}; nothing was restored`);
      throw error;
    }
    // Answered at once (a restore outlasts a request): the screen follows `activity`. The request's record
    // goes into the database as it is now.
    try {
      await audit.record(ctx.db, { details: { started: true } });
    } finally {
      requestRecorded();
    }
    return { runId: params.id };
  });

  route(backupEndpoints.testRestore, async ({ params, audit }) => {
    const service = await backups();
    const run = await finishedRun(ctx.db, params.id);
    if (!run) throw new HttpError(404, BACKUP_TEXTS.pointMissing);
    // Answered at once (a restore test outlasts a request: 27–31 s under load): the screen follows
    // `activity`; the outcome, the point's verification, is recorded and audited where the test ends.
    const started = await requestRestoreTest(service, jobs, params.id, (error) =>
      logger.error({ err: error, runId: params.id }, 'a restore test asked for did not finish'),
    );
    await audit.record(ctx.db, {
      details: started ? { started } : { started, reason: BACKUP_TEXTS.testUnderWay },
    });
    return { runId: params.id };
  });

  // The archive as written: already encrypted with age, so the file saved holds nothing readable without the key.
  registerDownloadRoute(app, ctx, {
    url: BACKUP_DOWNLOAD_PATH,
    summary: "Download a recovery point's archive (age-encrypted), streamed",
    tags: ['backups'],
    permission: 'backups.manage',
    audit: BACKUP_DOWNLOAD_AUDIT,
    open: async ({ id, audit }) => {
      const service = await backups();
      const run = isUuid(id) ? await runById(ctx.db, id) : undefined;
      if (!run || run.status !== 'success' || run.removedAt)
        throw new HttpError(404, BACKUP_TEXTS.pointMissing);
      let file: string;
      try {
        file = await checkedArchive(service, run, 'download');
      } catch (error) {
        if (!(error instanceof RestoreRefusedError)) throw error;
        await audit('failure', { resourceId: run.id, details: { reason: error.message } });
        throw new HttpError(409, error.message);
      }
      const { size } = await stat(file);
      return {
        fileName: run.fileName!,
        contentType: 'application/octet-stream',
        body: createReadStream(file),
        size,
        audit: { resourceId: run.id, details: { fileName: run.fileName, size, type: run.type } },
      };
    },
  });

  // The daily restore test: before any start with a job runner stored it (a bare app), what that start would.
  const restoreTestSetting = async () =>
    (await storedRestoreTest(ctx.db)) ?? defaultRestoreTest(ctx.config.defaultBackups ? 'active' : 'paused');

  route(backupEndpoints.restoreTest, async () => {
    const service = await backups();
    return restoreTestSchedule(ctx.db, await restoreTestSetting(), service.now());
  });

  route(backupEndpoints.updateRestoreTest, async ({ body, audit }) => {
    const service = await backups();
    if (!nextRun(body.schedule, service.now())) throw new HttpError(400, BACKUP_TEXTS.schedule);
    const before = await restoreTestSetting();
    // pg-boss first: a cron it refuses leaves the stored setting as it was. Its schedule table is shared
    // by every instance, so this one call re-schedules the test for all of them.
    if (jobs) {
      try {
        await applyRestoreTest(jobs, body);
      } catch (error) {
        audit.note({ details: { error: error instanceof Error ? error.message : String(error) } });
        throw new HttpError(400, BACKUP_TEXTS.schedule);
      }
    }
    await saveRestoreTest(ctx.db, body, service.now());
    await audit.record(ctx.db, { details: { before, after: { ...body } } });
    return restoreTestSchedule(ctx.db, body, service.now());
  });

  route(backupEndpoints.revealKey, async ({ audit }) => {
    const service = await backups();
    const identity = await service.key.offerOnce();
    if (!identity) throw new HttpError(409, BACKUP_TEXTS.keyOffered);
    await audit.record(ctx.db, { details: { source: service.key.source } });
    return { identity };
  });
}
