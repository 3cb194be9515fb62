/**
 * Disk full on the desktop side (issue 27 item 6), on a really full filesystem (a small tmpfs filled to its
 * last block): main's log file drops lines instead of crashing or blocking, says so once and again when
 * space returns, and keeps every line it wrote whole; a file saved (an export job's, through the
 * path-asking SaveDialog, the real server behind) onto a full disk fails with one clear text and leaves
 * neither the file nor its .part; the console goes on serving.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExportJob } from '../../../shared/api';
import type { BridgeResult, SaveOutcome } from '../../../shared/bridge/contract';
import { ERRORS } from '../../../shared/errors';
import { handle } from '../../../main/core/bridge/handle';
import { readConfig } from '../../../main/core/config';
import { startConsoleCore, type ConsoleCore } from '../../../main/core/console-core';
import { openLogFile } from '../../../main/core/log-file';
import { createMemoryLogger } from '../../../main/core/logger';
import { memoryKeyValue, openFileKeyEncryptor } from '../../../main/core/store';
import { createPathSaveDialog, type AskedPath } from '../../../main/core/save/write-file';
import type { RunningServer } from '../../../server/start';
import { FULL_DISK, mountSmallDisk, type SmallDisk } from '../../support/full-disk';
import { makeTempDir } from '../../unit/main/temp-dir';
import { DEMO_PASSWORD, startTestServer } from './real-server';

/** Polls (no fixed sleep) until `check` holds: the log file's writes are asynchronous. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2_000; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const title = FULL_DISK.available ? 'disk full in main' : `disk full in main: skipped, ${FULL_DISK.reason}`;

describe.skipIf(!FULL_DISK.available)(title, () => {
  let disk: SmallDisk | undefined;
  afterEach(async () => {
    await disk?.unmount();
    disk = undefined;
  });

  it("main's log file on a full disk drops lines, says so once, and says so again when space returns", async () => {
    disk = mountSmallDisk('4m');
    const dir = path.join(disk.dir, 'logs');
    const notices: string[] = [];
    const file = await openLogFile({ dir, onProblem: (notice) => notices.push(notice) });
    const text = () =>
      readdirSync(dir)
        .filter((name) => name.endsWith('.log'))
        .map((name) => readFileSync(path.join(dir, name), 'utf8'))
        .join('');
    file.logger.info('before the disk filled');
    await until(() => text().includes('before the disk filled'), 'the first line');

    disk.fill();
    expect(disk.available()).toBe(0);
    // 3 MB of lines: more than the 1 MB a failing file holds, so some are dropped. None throws.
    const line = 'x'.repeat(1_000);
    for (let i = 0; i < 3_000; i++) file.logger.info(`while full ${i} ${line}`);
    await until(() => notices.length > 0, 'the full-disk notice');
    expect(notices).toEqual([expect.stringMatching(/disk of the main log file is full/)]);

    disk.free();
    file.logger.info('after space returned');
    await until(() => notices.length === 2, 'the recovery notice');
    expect(notices[1]).toMatch(/writes again; [1-9]\d* log line\(s\) were dropped meanwhile/);
    await file.close();

    const lines = text().trimEnd().split('\n');
    // Nothing half-written: every line of the file is one whole JSON record.
    for (const written of lines) expect(() => JSON.parse(written) as unknown).not.toThrow();
    const messages = lines.map((written) => (JSON.parse(written) as { msg: string }).msg);
    expect(messages[0]).toBe('before the disk filled');
    expect(messages).toContain('after space returned');
    expect(messages.some((m) => /log line\(s\) were dropped meanwhile/.test(m))).toBe(true);
    // Held lines were kept in order and written whole; the dropped ones are simply absent.
    const kept = messages.filter((m) => m.startsWith('while full'));
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(3_000);
  });

  describe('saving an export onto a full disk', () => {
    let server: RunningServer;
    let core: ConsoleCore;
    let temp: ReturnType<typeof makeTempDir>;
    let answer: AskedPath = { canceled: true };
    beforeAll(async () => {
      server = await startTestServer();
      temp = makeTempDir();
      const logger = createMemoryLogger();
      core = await startConsoleCore({
        host: 'browser',
        version: '1.0.0',
        config: readConfig({ CONSOLE_GATEWAY_URL: server.url }),
        kv: memoryKeyValue(),
        encryptor: openFileKeyEncryptor(`${temp.dir}/token.key`, logger),
        dataDir: temp.dir,
        logger,
        saveDialog: createPathSaveDialog(async () => answer, path.basename),
      });
    }, 120_000);
    afterAll(async () => {
      await core?.close();
      temp?.remove();
      await server?.close();
    });
    const call = (channel: string, input?: unknown): Promise<BridgeResult<unknown>> =>
      handle(
        { handlers: core.handlers, logger: createMemoryLogger(), isTrustedSender: () => true },
        channel,
        input,
        null,
      );
    const value = async <T>(channel: string, input?: unknown): Promise<T> => {
      const result = await call(channel, input);
      if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
      return result.value as T;
    };

    it('fails with one clear text, leaves neither the file nor its .part, and the console goes on', async () => {
      await value('auth:login', { email: 'admin@demo.example', password: DEMO_PASSWORD });
      const job = await value<ExportJob>('exports.createExport', {
        body: { type: 'audit-logs', format: 'json' },
      });
      disk = mountSmallDisk('256k');
      disk.fill();
      const target = path.join(disk.dir, 'audit-logs.json');
      answer = { canceled: false, filePath: target };
      expect(await call('export:save', { downloadId: job.id })).toEqual({
        ok: false,
        error: { code: 'FAILED', message: ERRORS.saveDiskFull },
      });
      expect(ERRORS.saveDiskFull).toBe(
        'The disk is full: the file was not saved. Free some space and try again.',
      );
      expect(existsSync(target)).toBe(false);
      expect(readdirSync(disk.dir)).toEqual(['filler']);

      // The console goes on: another call answers, and the same save where there is room succeeds.
      expect((await call('exports.exportHistory')).ok).toBe(true);
      const roomy = path.join(temp.dir, 'audit-logs.json');
      answer = { canceled: false, filePath: roomy };
      expect(await value<SaveOutcome>('export:save', { downloadId: job.id })).toEqual({
        status: 'saved',
        fileName: 'audit-logs.json',
      });
      expect(JSON.parse(readFileSync(roomy, 'utf8'))).toEqual(expect.any(Array));
    });
  });
});
