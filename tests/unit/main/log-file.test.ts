import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attachLogFile, openLogFile } from '../../../main/core/log-file';
import { createMemoryLogger, createTeeLogger, redactText } from '../../../main/core/logger';
import { makeTempDir } from './temp-dir';

let temp: ReturnType<typeof makeTempDir>;
beforeEach(() => {
  temp = makeTempDir('console-log-file-');
});
afterEach(() => temp.remove());

const logFiles = (dir: string) =>
  readdirSync(dir).filter((name) => /^main\.\d{4}-\d{2}-\d{2}\.\d+\.log$/.test(name));
const readAll = (dir: string) =>
  logFiles(dir)
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .join('');
/** pino-roll rotates after a write drains: let the stream catch up between bursts. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the rotating log file', () => {
  it('writes JSON lines into <dir>/main.<date>.<n>.log, creating the folder', async () => {
    const dir = path.join(temp.dir, 'logs');
    const file = await openLogFile({ dir });
    file.logger.info('Browser host listening');
    file.logger.error('Loading failed', new TypeError('boom'));
    await file.close();
    expect(logFiles(dir)).toHaveLength(1);
    if (process.platform !== 'win32') {
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(dir, logFiles(dir)[0] ?? '')).mode & 0o777).toBe(0o600);
    }
    const lines = readAll(dir)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string; process: string });
    expect(lines).toMatchObject([
      { level: 30, msg: 'Browser host listening', process: 'main' },
      { level: 50, msg: 'Loading failed: TypeError: boom', process: 'main' },
    ]);
  });

  it('rotates by size and keeps only the newest files', async () => {
    const dir = path.join(temp.dir, 'logs');
    const file = await openLogFile({ dir, rotation: { size: '1k', frequency: 'daily', keep: 3 } });
    for (let burst = 0; burst < 12; burst += 1) {
      for (let line = 0; line < 5; line += 1)
        file.logger.info(`burst ${burst} line ${line} ${'x'.repeat(60)}`);
      await settle();
    }
    await file.close();
    await settle();
    const files = logFiles(dir);
    // 12 bursts of ~500 bytes roll about six times; the cleanup leaves the current file and the
    // three newest before it (it runs as a file opens, so the last one may not be counted yet).
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(files.length).toBeLessThanOrEqual(4);
    const numbers = files.map((name) => Number(name.split('.')[2])).sort((a, b) => a - b);
    expect(numbers[0]).toBeGreaterThan(1);
    expect(readAll(dir)).toContain('burst 11 line 4');
    expect(readAll(dir)).not.toContain('burst 0 line 0');
  });

  it('keeps the last lines when the process exits at once (a second Ctrl+C, a failed start)', () => {
    const dir = path.join(temp.dir, 'logs');
    const script = [
      `import { openLogFile } from ${JSON.stringify(path.resolve('main/core/log-file.ts'))};`,
      `const file = await openLogFile({ dir: ${JSON.stringify(dir)} });`,
      `for (let i = 0; i < 200; i += 1) file.logger.info('line ' + i);`,
      `file.logger.warn('SIGTERM again: exiting now');`,
      'process.exit(1);',
    ].join('\n');
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.status, child.stderr).toBe(1);
    const text = readAll(dir);
    expect(text).toContain('"line 199"');
    expect(text).toContain('SIGTERM again: exiting now');
  });

  it('continues the numbering of an earlier run instead of overwriting it', async () => {
    const dir = path.join(temp.dir, 'logs');
    const first = await openLogFile({ dir, rotation: { size: '1k', frequency: 'daily', keep: 5 } });
    first.logger.info('first run');
    await first.close();
    const second = await openLogFile({ dir, rotation: { size: '1k', frequency: 'daily', keep: 5 } });
    second.logger.info('second run');
    await second.close();
    expect(readAll(dir)).toContain('first run');
    expect(readAll(dir)).toContain('second run');
  });
});

describe('secrets never reach a log line', () => {
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlLXRoYXQtaXMtc2VjcmV0';

  it('redactText removes bearer credentials, web tokens and secret name=value pairs', () => {
    expect(redactText(`GET /x failed: Authorization: Bearer ${jwt}`)).toBe(
      'GET /x failed: Authorization: Bearer [redacted]',
    );
    expect(redactText(`fetch http://h/stream?token=${jwt}&x=1`)).toBe(
      'fetch http://h/stream?token=[redacted]&x=1',
    );
    expect(redactText(`{"password":"demo-Console-2026","apiKey": "k-123"}`)).toBe(
      '{"password":"[redacted]","apiKey": "[redacted]"}',
    );
    expect(redactText(`a bare ${jwt} in a message`)).toBe('a bare [redacted] in a message');
    expect(redactText('Cookie: console_bridge=abc123')).toBe('Cookie: [redacted]');
    expect(redactText('Signed in as admin@demo.example (token.key kept)')).toBe(
      'Signed in as admin@demo.example (token.key kept)',
    );
  });

  it('the file and the memory logger write neither messages nor errors with a token in them', async () => {
    const dir = path.join(temp.dir, 'logs');
    const file = await openLogFile({ dir });
    const memory = createMemoryLogger();
    const logger = createTeeLogger(file.logger, memory);
    logger.error('Alert stream failed', new Error(`401 for http://127.0.0.1:1/alerts/stream?token=${jwt}`));
    logger.warn(`Sign-out on the server failed: Bearer ${jwt}`);
    logger.info(`password=demo-Console-2026 apiKey=k-1`);
    await file.close();
    const written = readAll(dir) + memory.lines.join('\n');
    expect(written).toContain('Alert stream failed');
    for (const secret of [jwt, 'c2lnbmF0dXJl', 'demo-Console-2026', 'k-1'])
      expect(written).not.toContain(secret);
  });
});

describe('attachLogFile', () => {
  it('adds the file to a host logger and removes it on close', async () => {
    const dir = path.join(temp.dir, 'logs');
    const memory = createMemoryLogger();
    const logger = createTeeLogger(memory);
    const file = await attachLogFile(logger, dir);
    logger.info('in both');
    await file.close();
    logger.info('only on stderr now');
    expect(readAll(dir)).toContain('in both');
    expect(readAll(dir)).not.toContain('only on stderr');
    expect(memory.lines).toEqual(['INFO in both', 'INFO only on stderr now']);
  });

  it('a folder that cannot be written leaves the other targets working and says so', async () => {
    const blocked = path.join(temp.dir, 'a-file');
    writeFileSync(blocked, 'not a folder');
    const memory = createMemoryLogger();
    const logger = createTeeLogger(memory);
    const file = await attachLogFile(logger, path.join(blocked, 'logs'));
    logger.info('still logged');
    await file.close();
    expect(memory.lines[0]).toMatch(/^WARN The log file could not be opened in .*a-file\/logs: /);
    expect(memory.lines[1]).toBe('INFO still logged');
  });
});
