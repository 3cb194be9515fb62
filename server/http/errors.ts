import { ERRORS, formatError } from '../../shared/errors';

/** An error whose message the client may see, with its HTTP status. Anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Server texts where the spec's catalogue has none. */
export const SERVER_TEXTS = {
  internal: 'The server could not complete the request',
  notFound: 'Route {method} {path} not found',
  wrongCurrentPassword: 'The current password is incorrect',
  busy: 'The server is busy. Try again in {seconds} seconds.',
  hostRefused: 'This server does not answer for the host "{host}"',
  launchSecretRefused: 'This server answers only the console that started it',
  badPath: 'The request path is not valid',
  pathTooLong: 'A value in the request path is too long',
} as const;

/** 503 with Retry-After: the server is too busy for this request now; nothing was done. */
export const busy = (seconds: number) =>
  new HttpError(503, formatError(SERVER_TEXTS.busy, { seconds }), { 'retry-after': String(seconds) });

/**
 * 507 Insufficient Storage: a write of this request found the disk full; nothing was saved (a transaction
 * cut short rolls back whole). Not 503: there is no Retry-After that helps, space must be freed first,
 * and a 503 would put the console in its "retrying" state.
 */
export const diskFull = (what: string) => new HttpError(507, formatError(ERRORS.diskFull, { what }));

export const authRequired = () => new HttpError(401, ERRORS.authRequired);
export const forbidden = (permission: string) =>
  new HttpError(403, formatError(ERRORS.forbidden, { permission }));
