import { pino, type DestinationStream, type Logger, type LevelWithSilent } from 'pino';

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
