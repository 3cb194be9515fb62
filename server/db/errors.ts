const UNIQUE_VIOLATION = '23505';

/** drizzle wraps driver errors; the SQLSTATE sits on the error or its cause, for pg and PGlite alike. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = 'cause' in e ? e.cause : undefined) {
    if ('code' in e && e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}
