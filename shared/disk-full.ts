import { hasErrorCode } from './error-chain';

/**
 * Whether an error says the disk is full: the operating system's ENOSPC (no space), EDQUOT (quota) or
 * EFBIG (file too large) on a Node error, or PostgreSQL's SQLSTATE 53100 (disk_full), on the error or
 * any of its causes (drizzle and the drivers wrap them). Pure, so main and the server share it.
 */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', '53100']);

export function isDiskFull(error: unknown): boolean {
  return hasErrorCode(error, (code) => DISK_FULL_CODES.has(code));
}
