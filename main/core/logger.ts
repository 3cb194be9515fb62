/**
 * The main process's log: one line per event, on stderr, so that stdout stays free for the few lines
 * the browser host prints on purpose (tests parse them). Nothing secret is ever passed here: callers
 * log what happened, never the token or a request body.
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
    sink.write(`${new Date().toISOString()} ${level} [${scope}] ${message}\n`);
  return {
    info: (message) => line('INFO', message),
    warn: (message) => line('WARN', message),
    error: (message, error) =>
      line('ERROR', error === undefined ? message : `${message}: ${describeError(error)}`),
  };
}

export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** A logger that keeps its lines, for tests and for hosts that want to show recent problems. */
export function createMemoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (message) => lines.push(`INFO ${message}`),
    warn: (message) => lines.push(`WARN ${message}`),
    error: (message, error) =>
      lines.push(`ERROR ${error === undefined ? message : `${message}: ${describeError(error)}`}`),
  };
}

/** The error's name and message, never its whole object (which may hold headers or bodies). */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
