/**
 * The audit and export channels against the real server: listing and verifying the trail, starting an
 * export, and 'export:save' through both SaveDialogs — the path-asking one (Electron's shape, with a fake
 * dialog) writes only where the dialog answered and treats cancel as no error; the browser one hands out a
 * one-time download. Progress events report the bytes.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditPage, ExportJob, ReportDefinition } from '../../../shared/api';
import type { BackupOverview, RecoveryPoint } from '../../../shared/api/backups';
import type { BridgeResult, EventPayload, SaveOutcome } from '../../../shared/bridge/contract';
import { ERRORS } from '../../../shared/errors';
import { createBrowserDownloads, type BrowserDownloads } from '../../../main/browser/downloads';
import { handle } from '../../../main/core/bridge/handle';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore, type ConsoleCore } from '../../../main/core/console-core';
import { createMemoryLogger } from '../../../main/core/logger';
import { createPathSaveDialog, type AskedPath } from '../../../main/core/save/write-file';
import type { SaveDialog } from '../../../main/core/save/save-dialog';
import { memoryKeyValue, openFileKeyEncryptor } from '../../../main/core/store';
import type { RunningServer } from '../../../server/start';
import { makeTempDir } from '../../unit/main/temp-dir';
import { DEMO_PASSWORD, startTestServer } from './real-server';

let server: RunningServer;
let temp: ReturnType<typeof makeTempDir>;
let core: ConsoleCore;
let logger: ReturnType<typeof createMemoryLogger>;
/** What the fake native dialog answers next, and the names it was offered. */
let answer: AskedPath;
const offered: string[] = [];
let progress: EventPayload<'export:progress'>[];

async function startCore(saveDialog: SaveDialog) {
  temp = makeTempDir();
  logger = createMemoryLogger();
  core = await startConsoleCore({
    host: 'browser',
    version: '1.0.0',
    config: readConfig({ CONSOLE_GATEWAY_URL: server.url }),
    kv: memoryKeyValue(),
    encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
    dataDir: temp.dir,
    logger,
    saveDialog,
  });
  progress = [];
  core.events.subscribe((event) => {
    if (event.event === 'export:progress') progress.push(event.payload);
  });
}

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => server?.close());
afterEach(async () => {
  await core.close();
  temp.remove();
});

function call(channel: string, input?: unknown): Promise<BridgeResult<unknown>> {
  return handle({ handlers: core.handlers, logger, isTrustedSender: () => true }, channel, input, null);
}
async function value<T>(channel: string, input?: unknown): Promise<T> {
  const result = await call(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}
const signIn = (email: string) => value('auth:login', { email, password: DEMO_PASSWORD });

describe('with the native dialog (a path-asking SaveDialog)', () => {
  beforeEach(async () => {
    await startCore(
      createPathSaveDialog(async (name) => {
        offered.push(name);
        return answer;
      }, path.basename),
    );
  });

  it('lists and verifies the audit trail', async () => {
    await signIn('admin@demo.example');
    const page = await value<AuditPage>('audit.listAuditLogs', {
      query: { action: 'LOGIN', sort: 'timestamp', order: 'desc' },
    });
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((r) => r.action === 'LOGIN')).toBe(true);
    expect(await value('audit.verifyAuditLogs')).toMatchObject({ valid: true, firstBroken: null });
  });

  it('a user without audit.read gets the server refusal', async () => {
    await signIn('owner@demo.example');
    const result = await call('audit.listAuditLogs', { query: {} });
    expect(result).toEqual({
      ok: false,
      error: { code: 'FORBIDDEN', message: expect.stringContaining('audit.read'), status: 403 },
    });
  });

  it('saves console text where the dialog answered, and only there', async () => {
    await signIn('admin@demo.example');
    const target = path.join(temp.dir, 'chosen', '..', 'mine.csv');
    answer = { canceled: false, filePath: target };
    const outcome = await value<SaveOutcome>('export:save', {
      content: 'a,b\r\n1,2\r\n',
      fileName: 'audit-logs.csv',
    });
    expect(outcome).toEqual({ status: 'saved', fileName: 'mine.csv' });
    expect(offered.at(-1)).toBe('audit-logs.csv');
    expect(readFileSync(target, 'utf8')).toBe('a,b\r\n1,2\r\n');
    expect(readdirSync(temp.dir).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  it('cancel is not an error and writes nothing', async () => {
    await signIn('admin@demo.example');
    answer = { canceled: true };
    expect(await value('export:save', { content: 'x', fileName: 'audit-logs.csv' })).toEqual({
      status: 'cancelled',
    });
  });

  it('refuses a path or a folder in the file name, and unknown keys', async () => {
    await signIn('admin@demo.example');
    for (const input of [
      { content: 'x', fileName: '../etc/passwd' },
      { content: 'x', fileName: '/tmp/x.csv' },
      { content: 'x', fileName: '.bashrc' },
      { content: 'x', fileName: 'a.csv', path: '/tmp/a.csv' },
      { downloadId: 'x', filePath: '/tmp/a.csv' },
    ]) {
      expect(await call('export:save', input)).toMatchObject({ ok: false, error: { code: 'INVALID' } });
    }
  });

  it("downloads a server export and saves it as '{type}-export.{format}', with progress", async () => {
    await signIn('admin@demo.example');
    const job = await value<ExportJob>('exports.createExport', { body: { type: 'users', format: 'csv' } });
    expect(job.status).toBe('ready');
    const target = path.join(temp.dir, 'users.csv');
    answer = { canceled: false, filePath: target };
    expect(await value('export:save', { downloadId: job.id })).toEqual({
      status: 'saved',
      fileName: 'users.csv',
    });
    expect(offered.at(-1)).toBe('users-export.csv');
    const rows = parse(readFileSync(target, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(job.rowCount);
    expect(progress.at(-1)).toMatchObject({ fileName: 'users-export.csv', rows: job.rowCount, done: true });
    expect(progress.at(-1)!.bytes).toBe(readFileSync(target).byteLength);
    const history = await value<{ history: ExportJob[] }>('exports.exportHistory');
    expect(history.history.map((j) => j.id)).toContain(job.id);
    expect(await value('exports.exportStatus', { params: { id: job.id } })).toEqual(job);
  });

  it("saves a report's latest file through the same dialog, and says when there is none yet", async () => {
    await signIn('admin@demo.example');
    const report = await value<ReportDefinition>('reports.createReport', {
      body: {
        name: 'Cost review',
        type: 'financial',
        format: 'xlsx',
        schedule: 'manual',
        metrics: ['costByService'],
      },
    });
    expect(await call('export:save', { reportId: report.id })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: ERRORS.reportFileMissing },
    });
    await value('reports.generateReport', { params: { id: report.id } });
    await vi.waitFor(
      async () => {
        const { reports } = await value<{ reports: ReportDefinition[] }>('reports.listReports');
        expect(reports.find((r) => r.id === report.id)?.status).toBe('active');
      },
      { timeout: 60_000, interval: 250 },
    );
    const target = path.join(temp.dir, 'cost.xlsx');
    answer = { canceled: false, filePath: target };
    expect(await value('export:save', { reportId: report.id })).toEqual({
      status: 'saved',
      fileName: 'cost.xlsx',
    });
    expect(offered.at(-1)).toMatch(/^cost-review-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(readFileSync(target).subarray(0, 2).toString()).toBe('PK');
  });

  it("saves a recovery point's archive, as written (age-encrypted), through the same dialog", async () => {
    await signIn('admin@demo.example');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await call('export:save', { recoveryPointId: unknown })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: ERRORS.recoveryPointMissing },
    });
    const { runId } = await value<{ runId: string }>('backups.runBackup', { body: {} });
    let point: RecoveryPoint | undefined;
    await vi.waitFor(
      async () => {
        const overview = await value<BackupOverview>('backups.overview');
        point = overview.recoveryPoints.find((p) => p.id === runId);
        expect(point).toBeDefined();
      },
      { timeout: 120_000, interval: 250 },
    );
    const target = path.join(temp.dir, 'point.gz.age');
    answer = { canceled: false, filePath: target };
    expect(await value('export:save', { recoveryPointId: runId })).toEqual({
      status: 'saved',
      fileName: 'point.gz.age',
    });
    expect(offered.at(-1)).toBe(point!.fileName);
    const saved = readFileSync(target);
    expect(saved.byteLength).toBe(point!.size);
    expect(saved.subarray(0, 21).toString()).toBe('age-encryption.org/v1');
  }, 180_000);

  it('an unknown export is a failure with the server text, and no file appears', async () => {
    await signIn('admin@demo.example');
    const target = path.join(temp.dir, 'never.csv');
    answer = { canceled: false, filePath: target };
    const result = await call('export:save', { downloadId: '00000000-0000-4000-8000-000000000000' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: ERRORS.exportNotFound, status: 404 },
    });
    expect(existsSync(target)).toBe(false);
  });
});

describe('in the browser host (downloads)', () => {
  let downloads: BrowserDownloads;
  beforeEach(async () => {
    downloads = createBrowserDownloads();
    await startCore(downloads);
  });

  it('hands the page a one-time download of the export, streamed from the server when opened', async () => {
    await signIn('admin@demo.example');
    const job = await value<ExportJob>('exports.createExport', {
      body: { type: 'audit-logs', format: 'json' },
    });
    const outcome = await value<SaveOutcome>('export:save', {
      downloadId: job.id,
      fileName: 'audit-logs.json',
    });
    expect(outcome).toMatchObject({ status: 'download', fileName: 'audit-logs.json' });
    const id = (outcome as { url: string }).url.replace('/downloads/', '');
    const pending = downloads.take(id);
    expect(pending).toBeDefined();
    expect(downloads.take(id)).toBeUndefined();
    let text = '';
    for await (const chunk of await pending!.source.open()) text += Buffer.from(chunk).toString('utf8');
    expect(JSON.parse(text)).toHaveLength(job.rowCount);
  });
});
