import { readFileSync, renameSync } from 'node:fs';
import type { Logger } from '../logger';

/**
 * If the store file exists but is not a JSON object, moves it aside (`<file>.corrupt-<time>`) and
 * logs one line, so the store starts from its defaults and the bad file is still there to look at.
 * Answers the path the file was moved to, or null when there was nothing to do.
 */
export function quarantineIfCorrupt(filePath: string, logger: Logger, now: Date = new Date()): string | null {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    if (isNodeError(error) && error.code === 'ENOENT') return null;
    throw error;
  }
  if (isJsonObject(text)) return null;
  const aside = `${filePath}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`;
  renameSync(filePath, aside);
  // The content is never logged: it may hold an encrypted token.
  logger.warn(
    `Session store ${filePath} was unreadable; starting from defaults (the file was kept as ${aside})`,
  );
  return aside;
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

export function isNodeError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}
