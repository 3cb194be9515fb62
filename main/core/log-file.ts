import path from 'node:path';
import type { Logger as PinoLogger } from 'pino';
import {
  closeRotatingFile,
  createLogger,
  LOG_ROTATION,
  MAIN_LOG_NAME,
  openRotatingFile,
  type LogRotation,
} from '../../server/logger';
import { describeError, redactText, withCause, type Logger } from './logger';

export interface LogFile {
  /** Writes a JSON line per event (pino), secrets redacted: in the text and in pino's paths. */
  logger: Logger;
  close(): Promise<void>;
}

export interface LogFileOptions {
  dir: string;
  name?: string;
  rotation?: LogRotation;
  /** Where a failing file (a full disk) says so, once per episode, and again when it writes again: stderr by default. */
  onProblem?: (notice: string) => void;
}

/** Opens `<dir>/main.<date>.<n>.log`, rotating by size and day, the newest few kept. */
export async function openLogFile({
  dir,
  name = MAIN_LOG_NAME,
  rotation = LOG_ROTATION,
  onProblem,
}: LogFileOptions): Promise<LogFile> {
  const stream = await openRotatingFile(dir, name, rotation, onProblem);
  const pino: PinoLogger = createLogger({ level: 'info', destination: stream }).child({ process: name });
  let closing: Promise<void> | undefined;
  return {
    logger: {
      info: (message) => pino.info(redactText(message)),
      warn: (message) => pino.warn(redactText(message)),
      error: (message, error) => pino.error(redactText(withCause(message, error))),
    },
    close: () => (closing ??= closeRotatingFile(stream)),
  };
}

/** The log folder of a host's data folder: every log file of the console, main's and the server's. */
export function logDirOf(dataDir: string): string {
  return path.join(dataDir, 'logs');
}

/**
 * Adds the rotating file to a host's logger. A folder that cannot be written must not stop the
 * console: the logger keeps its other targets (stderr) and says why the file is missing.
 */
export async function attachLogFile(
  logger: Logger & { add(target: Logger): () => void },
  dir: string,
  rotation?: LogRotation,
): Promise<{ close(): Promise<void> }> {
  let file: LogFile;
  try {
    file = await openLogFile({ dir, rotation });
  } catch (error) {
    logger.warn(`The log file could not be opened in ${dir}: ${describeError(error)}`);
    return { close: async () => {} };
  }
  const remove = logger.add(file.logger);
  return {
    close: async () => {
      remove();
      await file.close();
    },
  };
}
