/**
 * The main process's log: one line per event, on stderr (stdout stays free for the few lines the
 * browser host prints on purpose: tests parse them) and, once the host opened it, in a rotating file
 * in the log folder (log-file.ts). Callers log what happened, never the token or a request body; and
 * because an error's text can still carry one (a URL, a header echoed by a library), every line goes
 * through `redactText` before it is written anywhere.
 */
export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export interface LineSink {
  write(line: string): unknown;
}

export function createConsoleLogger(scope = 'console', sink: LineSink = process.stderr): Logger {
  const line = (level: string, message: string) =>
    sink.write(`${new Date().toISOString()} ${level} [${scope}] ${redactText(message)}\n`);
  return {
    info: (message) => line('INFO', message),
    warn: (message) => line('WARN', message),
    error: (message, error) => line('ERROR', withCause(message, error)),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** A logger that keeps its lines, for tests and for hosts that want to show recent problems. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`INFO ${redactText(message)}`),
    warn: (message) => lines.push(`WARN ${redactText(message)}`),
    error: (message, error) => lines.push(`ERROR ${redactText(withCause(message, error))}`),
  };
}

/**
 * One logger writing to several: a host's stderr logger plus its log file, which opens later (the
 * file needs the data folder, known only once the host runs). `add` answers the removal.
 */
export function createTeeLogger(...initial: Logger[]): Logger & { add(target: Logger): () => void } {
  const targets = new Set(initial);
  const each = (write: (target: Logger) => void) => {
    for (const target of targets) write(target);
  };
  return {
    info: (message) => each((target) => target.info(message)),
    warn: (message) => each((target) => target.warn(message)),
    error: (message, error) => each((target) => target.error(message, error)),
    add(target) {
      targets.add(target);
      return () => targets.delete(target);
    },
  };
}

/** The error's name and message, never its whole object (which may hold headers or bodies). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return redactText(`${error.name}: ${error.message}`);
  return redactText(String(error));
}

/** "message: cause", the form every logger here writes an error in. */
export function withCause(message: string, error?: unknown): string {
  return error === undefined ? message : `${message}: ${describeError(error)}`;
}

export const REDACTED = '[redacted]';

/**
 * Secrets in free text: bearer credentials, JSON web tokens (three base64url parts, the first one
 * `eyJ`, a JSON object), and `name=value` / `"name": "value"` pairs whose name says secret.
 */
const SECRET_TEXT: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, REDACTED],
  [
    /\b((?:access_?|refresh_?|id_?)?token|password|passwd|secret|api_?key|authorization|cookie)(["']?\s*[:=]\s*["']?)(?!Bearer\b|Basic\b|\[redacted\])[^\s"'&,;}]+/gi,
    `$1$2${REDACTED}`,
  ],
];

export function redactText(text: string): string {
  return SECRET_TEXT.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}
