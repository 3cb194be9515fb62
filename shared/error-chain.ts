/**
 * An error and its causes, outermost first, at most 10 deep (a cause that points back at its error must
 * not loop): drivers and drizzle wrap the error that carries the code. Pure, for main and the server.
 */
export function errorChain(error: unknown): object[] {
  const found: object[] = [];
  for (let e: unknown = error; e && typeof e === 'object' && found.length < 10;) {
    found.push(e);
    e = 'cause' in e ? e.cause : undefined;
  }
  return found;
}

/** The `code` of the error or of one of its causes (a SQLSTATE, a Node errno name) that `matches`. */
export function hasErrorCode(error: unknown, matches: (code: string) => boolean): boolean {
  return errorChain(error).some((e) => 'code' in e && typeof e.code === 'string' && matches(e.code));
}
