import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, formatError } from '../../shared/errors';
import { clientOf, clientOfPath, errorBody } from './envelope';
import { isConnectionFailure, isStatementTimeout } from '../db/errors';
import { databaseUnreachable } from './availability';
import { isDiskFull } from '../../shared/disk-full';
import { HttpError, SERVER_TEXTS, busy, diskFull } from './errors';

/**
 * Every failure leaves in the envelope of the client that called: validation as 400 naming field and
 * issue, our own HttpErrors with their status, Fastify's client errors (bad JSON, wrong media type) with
 * theirs, and anything else as a 500 with a generic text while the cause goes to the log.
 */
export function installErrorHandling(app: FastifyInstance, options: ErrorHandlingOptions = {}): void {
  const databaseRetryAfter = options.databaseRetryAfterSeconds ?? 2;
  app.setErrorHandler((error: unknown, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
        return `${field}: ${issue.message}`;
      });
      return send(request, reply, 400, `${ERRORS.invalidInput}: ${issues.join('; ')}`);
    }
    if (error instanceof HttpError) return sendError(request, reply, error);
    // The database could not be reached: nothing was done (a transaction cut short rolls back whole).
    if (isConnectionFailure(error)) {
      request.log.warn({ err: error }, 'database unreachable');
      return sendError(request, reply, databaseUnreachable(databaseRetryAfter));
    }
    // Too slow to finish: the server cancelled the statement, or the route ran past its handler timeout.
    if (isStatementTimeout(error) || isHandlerTimeout(error)) {
      request.log.warn({ err: error }, 'request cut short by a timeout');
      return sendError(request, reply, busy(BUSY_RETRY_AFTER_SECONDS));
    }
    // A full disk (the server's or its database's): the write was not saved, the server goes on.
    if (isDiskFull(error)) {
      request.log.warn({ err: error }, 'disk full: the request was not saved');
      return sendError(request, reply, diskFull('change'));
    }
    const status = statusOf(error);
    if (status >= 400 && status < 500 && error instanceof Error) {
      return send(request, reply, status, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 500, SERVER_TEXTS.internal);
  });

  app.setNotFoundHandler((request, reply) =>
    send(
      request,
      reply,
      404,
      formatError(SERVER_TEXTS.notFound, { method: request.method, path: request.url.split('?')[0] ?? '' }),
    ),
  );

  // Client B posts /auth/verify and /auth/logout without a body; an empty JSON body is no body, not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

/**
 * The router's own refusals, before any route or hook runs (a path it cannot decode, a parameter longer
 * than its limit): Fastify answers them outside the envelope and quotes the whole path back, up to the
 * request's size. Here they leave in the envelope with a fixed text. No route means no route options, so
 * the client is found by the path and the body is sent as text.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const body = errorBody(
    clientOfPath(request.url),
    tooLong ? SERVER_TEXTS.pathTooLong : SERVER_TEXTS.badPath,
  );
  // The option's reply is typed for a route's schemas; this one has none.
  void (reply as unknown as FastifyReply)
    .code(tooLong ? 414 : 400)
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
};

export interface ErrorHandlingOptions {
  /** The Retry-After of a 503 for a database that cannot be reached: how often it is probed. */
  databaseRetryAfterSeconds?: number;
}

/** Retry-After of a request cut short by a timeout: long enough for a burst to pass. */
const BUSY_RETRY_AFTER_SECONDS = 5;

function isHandlerTimeout(error: unknown): boolean {
  return !!error && typeof error === 'object' && 'code' in error && error.code === 'FST_ERR_HANDLER_TIMEOUT';
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: HttpError): FastifyReply {
  reply.headers(error.headers);
  return send(request, reply, error.statusCode, error.message);
}

function statusOf(error: unknown): number {
  if (error && typeof error === 'object' && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error.statusCode;
  }
  return 500;
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send(errorBody(clientOf(request), message));
}
