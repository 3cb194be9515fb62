/**
 * Whether an error says the disk is full: the operating system's ENOSPC (no space), EDQUOT (quota) or
 * EFBIG (file too large) on a Node error, or PostgreSQL's SQLSTATE 53100 (disk_full), on the error or
 * any of its causes (drizzle and the drivers wrap them). Pure, so main and the server share it.
 */
const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT', 'EFBIG', '53100']);

export function isDiskFull(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    if ('code' in e && typeof e.code === 'string' && DISK_FULL_CODES.has(e.code)) return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}
