import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';
import pinoRoll from 'pino-roll';
import type SonicBoom from 'sonic-boom';
import { isDiskFull } from '../shared/disk-full';

/** Secrets that must never reach a log line, wherever a serializer or a careless call puts them. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'authorization',
  'password',
  'currentPassword',
  'newPassword',
  'token',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.token',
  'body.password',
  'body.currentPassword',
  'body.newPassword',
  'req.body.password',
  'req.body.currentPassword',
  'req.body.newPassword',
  'apiKey',
  '*.apiKey',
  'cookie',
  '*.cookie',
  '*.authorization',
  'secret',
  '*.secret',
];

export interface LoggerOptions {
  level?: LevelWithSilent;
  destination?: DestinationStream;
}

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A pino level from configuration text, or the fallback when it names none. */
export function logLevelOr(value: string | undefined, fallback: LevelWithSilent): LevelWithSilent {
  return LEVELS.find((level) => level === value) ?? fallback;
}

export function createLogger({ level = 'info', destination }: LoggerOptions = {}): Logger {
  const options = { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * How a log file rotates: a new file each day and whenever one reaches `size`; besides the current
 * file, the `keep` newest of that name stay (older ones, of earlier runs too, are deleted), so the log
 * folder holds at most (keep + 1) × size per name and never fills the disk.
 */
export interface LogRotation {
  /** pino-roll's notation: '10m', '512k'. */
  size: string;
  frequency: 'daily' | 'hourly' | number;
  keep: number;
}

export const LOG_ROTATION: LogRotation = { size: '10m', frequency: 'daily', keep: 7 };

/** The log folder's files: the main process's, and the embedded server's (this thread's). */
export const MAIN_LOG_NAME = 'main';
export const SERVER_LOG_NAME = 'server';

/** The file name pattern pino-roll writes: `<name>.<yyyy-MM-dd>.<n>.log`. */
const LOG_DATE_FORMAT = 'yyyy-MM-dd';

/**
 * A rotating log file `<dir>/<name>.<date>.<n>.log` (the folder is created, 0700). pino-roll used as an
 * in-process stream, not a worker transport: the bundles keep pino-roll external and a transport's
 * worker would have to resolve its target from the bundle's folder; a stream has no such step.
 */
export async function openRotatingFile(
  dir: string,
  name: string,
  rotation: LogRotation = LOG_ROTATION,
  onProblem: (notice: string) => void = reportOnStderr,
): Promise<SonicBoom> {
  // Private like the data folder around it: the lines name users, addresses and the data folder.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const stream = await pinoRoll({
    file: path.join(dir, name),
    mode: 0o600,
    extension: '.log',
    size: rotation.size,
    frequency: rotation.frequency,
    dateFormat: LOG_DATE_FORMAT,
    limit: { count: rotation.keep, removeOtherLogFiles: true },
    // While writes fail (a full disk) SonicBoom keeps the lines and tries again at the next one: at most
    // this much, then new lines are dropped ('drop') instead of filling memory.
    maxLength: LOG_HELD_MAX_BYTES,
  });
  // The file is opened after pino-roll answers: a failure there is an 'error' event, turned into
  // this function's rejection so the caller can go on without the file.
  await new Promise<void>((resolve, reject) => {
    stream.once('ready', resolve);
    stream.once('error', reject);
  });
  // A write failing later (a full disk) must not end the process: unhandled, an 'error' event would.
  watchWriteFailures(stream, name, onProblem);
  // Writes are asynchronous: a process.exit() (a second Ctrl+C, a failed start) would drop the last
  // lines, often the ones that say why. Flush them synchronously on the way out.
  const flushOnExit = () => {
    try {
      stream.flushSync();
    } catch {
      // Nothing more can be done for a file that cannot be written while the process ends.
    }
  };
  process.once('exit', flushOnExit);
  stream.once('close', () => process.off('exit', flushOnExit));
  return stream;
}

/** Lines a failing log file holds in memory before it drops new ones. */
export const LOG_HELD_MAX_BYTES = 1024 * 1024;

function reportOnStderr(notice: string): void {
  process.stderr.write(`${notice}\n`);
}

/**
 * Write failures of a log file, said once: the first failure (a full disk, or another cause) is
 * reported, the ones after it are not (every line would fail the same way); lines are held, then dropped
 * past LOG_HELD_MAX_BYTES. Once all that was held is written again the episode ends: the file gets a line
 * saying how many lines were lost, and `onProblem` hears it too. Nothing here throws or waits: a request
 * never waits for its log line.
 */
function watchWriteFailures(stream: SonicBoom, name: string, onProblem: (notice: string) => void): void {
  let failing = false;
  let dropped = 0;
  stream.on('drop', () => {
    dropped++;
  });
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (failing) return;
    failing = true;
    onProblem(
      isDiskFull(error)
        ? `The disk of the ${name} log file is full: log lines are held, then dropped, until space returns`
        : `The ${name} log file failed (${error.message}): log lines are held, then dropped, until it writes again`,
    );
  });
  // 'drain': everything held is written (a 'write' may be a partial one the full disk cuts short again).
  stream.on('drain', () => {
    if (!failing) return;
    failing = false;
    const notice = `The ${name} log file writes again; ${dropped} log line(s) were dropped meanwhile`;
    dropped = 0;
    stream.write(`${JSON.stringify({ level: 40, time: Date.now(), process: name, msg: notice })}\n`);
    onProblem(notice);
  });
}

/** Flushes and closes a rotating file (pino-roll stops its daily timer on close). */
export function closeRotatingFile(stream: SonicBoom): Promise<void> {
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
    stream.once('error', () => resolve());
    stream.end();
  });
}
