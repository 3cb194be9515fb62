import { Cron } from 'croner';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { BackupActivity, BackupType } from '../../shared/api/backups';
import { isDiskFull } from '../../shared/disk-full';
import { ERRORS, formatError } from '../../shared/errors';
import type { Database } from '../db/client';
import { backupJobs, backupLocations, backupRuns } from '../db/schema';
import { createArchive } from './backup';
import type { BackupEventName } from './events';
import type { SystemAlert } from '../alerts/service';
import type { Compression } from './format';
import type { BackupKey } from './keys';
import {
  archiveFileName,
  checkLocation,
  cleanPartFiles,
  ensureDefaultLocation,
  type LocationRow,
} from './locations';
import { baseFor, type RunRow } from './runs';

export interface BackupServiceOptions {
  database: Database;
  dataFolder: string;
  key: BackupKey;
  now: () => number;
  logger: { warn(details: object, message: string): void; error(details: object, message: string): void };
  /** Backup webhook events (the server's webhook service). */
  emit(event: BackupEventName, payload: Record<string, unknown>): Promise<void>;
  /** A platform alert of the one alert model (a failed restore test). */
  raiseAlert(alert: SystemAlert): Promise<unknown>;
}

export interface StartBackup {
  jobId?: string;
  trigger: 'schedule' | 'manual' | 'safety';
}

export class BackupError extends Error {}

/** How often a running backup writes its heartbeat, and how long without one marks its server as gone. */
export const RUN_HEARTBEAT_MS = 20_000;
export const RUN_STALE_AFTER_MS = 90_000;
/** The error of a run whose server stopped before it ended. */
export const ABANDONED_RUN_ERROR = 'The server stopped during the backup';

/**
 * Backups of the console's database: runs (history), their archives in storage locations, and what runs
 * now (progress). Restores and restore tests are in recovery.ts.
 */
export class BackupService {
  readonly activity = new Map<string, BackupActivity>();
  private readonly options: BackupServiceOptions;

  constructor(options: BackupServiceOptions) {
    this.options = options;
  }

  get db() {
    return this.options.database.db;
  }
  get database() {
    return this.options.database;
  }
  get key() {
    return this.options.key;
  }
  emit(event: BackupEventName, payload: Record<string, unknown>): Promise<void> {
    return this.options.emit(event, payload);
  }
  raiseAlert(alert: SystemAlert): Promise<unknown> {
    return this.options.raiseAlert(alert);
  }
  now(): Date {
    return new Date(this.options.now());
  }

  /**
   * At start: the default location exists, and the runs a killed server left `running` are failed and
   * their `.part` files removed (see `failAbandonedRuns`). Answers whether this call registered the
   * default location: the first start of a new install.
   */
  async recover(): Promise<{ firstStart: boolean }> {
    const { location, registered, movedFrom } = await ensureDefaultLocation(
      this.db,
      this.options.dataFolder,
      { follow: this.database.kind === 'pglite' },
    );
    if (movedFrom)
      this.options.logger.warn(
        { from: movedFrom, to: location.path },
        'the data folder was moved or copied: its default backup location follows it',
      );
    await this.failAbandonedRuns({ atStart: true });
    return { firstStart: registered };
  }

  /**
   * Runs whose server is gone are failed (they have no archive, so no recovery point), and the `.part` files
   * no running backup writes are removed. A PGlite data folder is one server's: at its start every running
   * run is abandoned. On PostgreSQL other instances may be backing up into the same locations, so only runs
   * whose heartbeat stopped (none for RUN_STALE_AFTER_MS) are, whenever any instance looks (at start and on
   * every backup tick). This process's own runs are never abandoned. Answers the ids of the runs failed.
   */
  async failAbandonedRuns({ atStart = false } = {}): Promise<string[]> {
    const now = this.now();
    const own = [...this.activity.values()].flatMap((a) => (a.kind === 'backup' && a.runId ? [a.runId] : []));
    const failed = await this.db
      .update(backupRuns)
      .set({ status: 'failed', endedAt: now, error: ABANDONED_RUN_ERROR })
      .where(
        and(
          eq(backupRuns.status, 'running'),
          own.length > 0 ? notInArray(backupRuns.id, own) : undefined,
          atStart && this.database.kind === 'pglite'
            ? undefined
            : or(
                isNull(backupRuns.heartbeatAt),
                lt(backupRuns.heartbeatAt, new Date(now.getTime() - RUN_STALE_AFTER_MS)),
              ),
        ),
      )
      .returning({ id: backupRuns.id });
    const stillWriting = async () => {
      const writing = await this.db
        .select({ fileName: backupRuns.fileName })
        .from(backupRuns)
        .where(and(eq(backupRuns.status, 'running'), isNotNull(backupRuns.fileName)));
      return new Set(writing.map((r) => `${r.fileName}.part`));
    };
    for (const location of await this.db.select().from(backupLocations)) {
      const removed = await cleanPartFiles(location.path, stillWriting);
      if (removed > 0)
        this.options.logger.warn({ location: location.path, removed }, 'removed unfinished backup files');
    }
    return failed.map((r) => r.id);
  }

  async defaultLocation(): Promise<LocationRow> {
    return (await ensureDefaultLocation(this.db, this.options.dataFolder)).location;
  }

  /** Records a run and starts it; answers the run's id at once, the work goes on (see `activity`). */
  async start(request: StartBackup): Promise<{ runId: string; done: Promise<RunRow> }> {
    const job = request.jobId
      ? (await this.db.select().from(backupJobs).where(eq(backupJobs.id, request.jobId)))[0]
      : undefined;
    if (request.jobId && !job) throw new BackupError('The backup job does not exist');
    const location = job
      ? (await this.db.select().from(backupLocations).where(eq(backupLocations.id, job.locationId)))[0]
      : await this.defaultLocation();
    if (!location) throw new BackupError('The backup job has no storage location');
    const wanted: BackupType = job?.type ?? 'full';
    const base = await baseFor(this.db, wanted);
    const type: BackupType = base ? wanted : 'full';
    const compression: Compression = job?.compression ?? 'gzip';
    const startedAt = this.now();
    const id = randomUUID();
    const fileName = archiveFileName(startedAt, type, id, compression);
    const jobName =
      job?.name ?? (request.trigger === 'safety' ? 'Safety backup before restore' : 'Manual backup');
    const [run] = await this.db
      .insert(backupRuns)
      .values({
        id,
        jobId: job?.id ?? null,
        jobName,
        type,
        trigger: request.trigger,
        status: 'running',
        startedAt,
        heartbeatAt: startedAt,
        locationId: location.id,
        fileName,
        baseRunId: base?.id ?? null,
        tags: [request.trigger, type],
      })
      .returning();
    if (!run) throw new BackupError('The backup could not be recorded');
    this.activity.set(id, { kind: 'backup', runId: id, step: 'Starting', percent: 0 });
    const heartbeat = setInterval(() => {
      void this.db
        .update(backupRuns)
        .set({ heartbeatAt: this.now() })
        .where(and(eq(backupRuns.id, id), eq(backupRuns.status, 'running')))
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'backup heartbeat not written'));
    }, RUN_HEARTBEAT_MS);
    heartbeat.unref();
    const done = this.perform(run, location, compression, base).finally(() => {
      clearInterval(heartbeat);
      this.activity.delete(id);
    });
    return { runId: id, done };
  }

  private async perform(
    run: RunRow,
    location: LocationRow,
    compression: Compression,
    base: RunRow | undefined,
  ): Promise<RunRow> {
    const checked = await checkLocation(this.db, location, this.now());
    let outcome: Partial<RunRow>;
    if (checked.status !== 'online') {
      outcome = {
        status: 'failed',
        error: `Storage location ${location.name} is ${checked.status}: ${checked.statusReason ?? 'unavailable'}`,
      };
    } else {
      try {
        const archive = await createArchive(this.database, {
          file: path.join(location.path, run.fileName!),
          recipient: this.key.recipient,
          compression,
          type: run.type,
          ...(base?.manifest
            ? { base: { runId: base.id, fileName: base.fileName!, manifest: base.manifest } }
            : {}),
          now: run.startedAt.getTime(),
          onProgress: (p) =>
            this.activity.set(run.id, {
              kind: 'backup',
              runId: run.id,
              step: `Backing up ${p.table}`,
              percent: Math.round((p.tablesDone / p.tablesTotal) * 100),
            }),
        });
        outcome = {
          status: 'success',
          size: archive.size,
          sha256: archive.sha256,
          tables: archive.manifest.tables.length,
          rows: archive.manifest.rows,
          manifest: archive.manifest,
        };
      } catch (error) {
        // writeArchiveFile removed its .part file: a full disk leaves no archive, whole or half.
        const full = isDiskFull(error);
        if (full) this.options.logger.warn({ err: error, runId: run.id }, 'backup failed: the disk is full');
        outcome = {
          status: 'failed',
          error: full ? formatError(ERRORS.diskFull, { what: 'backup' }) : describe(error),
        };
      }
      await checkLocation(this.db, location, this.now()).catch(() => undefined);
    }
    const [row] = await this.db
      .update(backupRuns)
      .set({ ...outcome, endedAt: this.now() })
      .where(eq(backupRuns.id, run.id))
      .returning();
    const final = row ?? { ...run, ...outcome };
    await this.options.emit(final.status === 'success' ? 'backup.completed' : 'backup.failed', {
      runId: final.id,
      jobName: final.jobName,
      type: final.type,
      size: final.size,
      ...(final.error ? { error: final.error } : {}),
    });
    return final;
  }

  /** Due scheduled jobs (active, whose cron fell between their last run and now) start a backup each. */
  async runDueJobs(): Promise<RunRow[]> {
    const now = this.now();
    const started: RunRow[] = [];
    for (const job of await this.db.select().from(backupJobs).where(eq(backupJobs.status, 'active'))) {
      const [last] = await this.db
        .select({ startedAt: backupRuns.startedAt })
        .from(backupRuns)
        .where(eq(backupRuns.jobId, job.id))
        .orderBy(desc(backupRuns.startedAt))
        .limit(1);
      const from = last?.startedAt ?? job.createdAt;
      const next = nextRun(job.schedule, from);
      if (next && next.getTime() <= now.getTime()) {
        started.push(await (await this.start({ jobId: job.id, trigger: 'schedule' })).done);
      }
    }
    return started;
  }

  /**
   * Removes archives older than their job's retention (manual ones: 30 days), never the newest verified
   * full, nor an archive a kept one continues.
   */
  async applyRetention(): Promise<string[]> {
    const now = this.now().getTime();
    const jobs = new Map((await this.db.select().from(backupJobs)).map((j) => [j.id, j]));
    const runs = await this.db
      .select()
      .from(backupRuns)
      .where(and(eq(backupRuns.status, 'success'), isNull(backupRuns.removedAt)))
      .orderBy(desc(backupRuns.startedAt));
    const protectedIds = new Set<string>();
    const newestVerifiedFull = runs.find((r) => r.type === 'full' && r.verification === 'verified');
    if (newestVerifiedFull) protectedIds.add(newestVerifiedFull.id);
    const expired = (r: RunRow) => {
      const days = r.jobId ? (jobs.get(r.jobId)?.retentionDays ?? 30) : 30;
      return now - r.startedAt.getTime() > days * 86_400_000;
    };
    // A kept archive keeps the chain it continues.
    const byId = new Map(runs.map((r) => [r.id, r]));
    for (const run of runs) {
      if (expired(run) && !protectedIds.has(run.id)) continue;
      for (let base = run.baseRunId; base; base = byId.get(base)?.baseRunId ?? null) protectedIds.add(base);
    }
    const removed: string[] = [];
    const locations = new Map((await this.db.select().from(backupLocations)).map((l) => [l.id, l]));
    for (const run of runs) {
      if (!expired(run) || protectedIds.has(run.id)) continue;
      const location = run.locationId ? locations.get(run.locationId) : undefined;
      if (location && run.fileName) {
        const { rm } = await import('node:fs/promises');
        await rm(path.join(location.path, run.fileName), { force: true });
      }
      await this.db.update(backupRuns).set({ removedAt: this.now() }).where(eq(backupRuns.id, run.id));
      removed.push(run.id);
    }
    return removed;
  }

  async checkLocations(): Promise<LocationRow[]> {
    const rows = await this.db.select().from(backupLocations).orderBy(backupLocations.createdAt);
    return Promise.all(rows.map((row) => checkLocation(this.db, row, this.now())));
  }

  /** Successful runs among the finished ones since `since`, in percent. */
  async successRate(since: Date): Promise<number | null> {
    const [row] = await this.db
      .select({
        finished: sql<number>`count(*)::int`,
        ok: sql<number>`count(*) filter (where ${backupRuns.status} = 'success')::int`,
      })
      .from(backupRuns)
      .where(
        and(gte(backupRuns.startedAt, since), inArray(backupRuns.status, ['success', 'failed', 'partial'])),
      );
    return row && row.finished > 0 ? Math.round((row.ok / row.finished) * 1000) / 10 : null;
  }

  async lastVerified(): Promise<Date | null> {
    const [row] = await this.db
      .select({ at: backupRuns.verifiedAt })
      .from(backupRuns)
      .where(and(eq(backupRuns.verification, 'verified'), isNotNull(backupRuns.verifiedAt)))
      .orderBy(desc(backupRuns.verifiedAt))
      .limit(1);
    return row?.at ?? null;
  }

  async runsBefore(at: Date): Promise<RunRow[]> {
    return this.db.select().from(backupRuns).where(lt(backupRuns.startedAt, at));
  }
}

/** The next instant a 5-field cron schedule (UTC) fires after `after`; null for an invalid one. */
export function nextRun(schedule: string, after: Date): Date | null {
  try {
    return new Cron(schedule, { timezone: 'UTC', paused: true }).nextRun(after);
  } catch {
    return null;
  }
}

export const describe = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0]!.slice(0, 500);
