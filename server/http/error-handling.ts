import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ERRORS, formatError } from '../../shared/errors';
import { clientOf, clientOfPath, errorBody } from './envelope';
import { HttpError, SERVER_TEXTS } from './errors';

/**
 * Every failure leaves in the envelope of the client that called: validation as 400 naming field and
 * issue, our own HttpErrors with their status, Fastify's client errors (bad JSON, wrong media type) with
 * theirs, and anything else as a 500 with a generic text while the cause goes to the log.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: unknown, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => {
        const field =
          issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'request';
        return `${field}: ${issue.message}`;
      });
      return send(request, reply, 400, `${ERRORS.invalidInput}: ${issues.join('; ')}`);
    }
    if (error instanceof HttpError) {
      reply.headers(error.headers);
      return send(request, reply, error.statusCode, error.message);
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

function statusOf(error: unknown): number {
  if (error && typeof error === 'object' && 'statusCode' in error && typeof error.statusCode === 'number') {
    return error.statusCode;
  }
  return 500;
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  return reply.code(status).send(errorBody(clientOf(request), message));
}
