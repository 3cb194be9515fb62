import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

type Leveled = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

/**
 * A request's logger (`request.log`) that becomes a child of the server's logger, with the request id
 * bound, only when the request logs something at a level that is written. Fastify makes a child per
 * request; a pino child with redaction costs microseconds on every request (issue 27 item 4), and on the
 * hot path at the production level nothing is logged at all. What is logged reads the same as before.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Leveled,
    private readonly bindings: Bindings,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  private log(level: Level, args: unknown[]): void {
    if (this.#child === undefined && this.parent.isLevelEnabled?.(level) === false) return;
    (this.real()[level] as (...logged: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  // Methods on the prototype: a request makes no functions of its own.
  fatal(...args: unknown[]): void {
    this.log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.log('error', args);
  }
  warn(...args: unknown[]): void {
    this.log('warn', args);
  }
  info(...args: unknown[]): void {
    this.log('info', args);
  }
  debug(...args: unknown[]): void {
    this.log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.log('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: the lazy request logger above, unless the route asks for a level or
 * serializers of its own (then pino's child at once, as Fastify's default does).
 */
export function requestLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options.level !== undefined || options.serializers !== undefined)
    return logger.child(bindings, options);
  return new RequestLogger(logger, bindings);
}
