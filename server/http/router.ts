import '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ENDPOINTS, type Endpoint, type SessionUser } from '../../shared/api';
import type { ServerContext } from '../context';
import { authenticate } from './authenticate';
import { errorEnvelope, successEnvelope } from './envelope';
import { authRequired, forbidden } from './errors';

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in user; only `auth: 'token'` endpoints have one. */
  session(): SessionUser;
}

/** A handler answers the envelope's `data`; the router wraps it. */
export type EndpointHandler<E> =
  E extends Endpoint<infer P, infer Q, infer B, infer D>
    ? (input: RouteInput<z.output<P>, z.output<Q>, z.output<B>>) => Promise<z.output<D>>
    : never;

export type Route = <E extends Endpoint>(endpoint: E, handler: EndpointHandler<E>) => void;

const ENDPOINT_NAMES = new Map<Endpoint, string>(
  Object.entries(ENDPOINTS as Record<string, Endpoint>).map(([name, endpoint]) => [endpoint, name]),
);

/**
 * Registers routes from the contract: validation, response schemas and OpenAPI come from the endpoint's
 * zod schemas, and one hook enforces its `auth` and `permission`.
 */
export function createRouter(app: FastifyInstance, ctx: ServerContext): Route {
  const sessions = new WeakMap<FastifyRequest, SessionUser>();

  return (endpoint, handler) => {
    const failure = errorEnvelope(endpoint.client);
    const hasInput = Boolean(endpoint.params ?? endpoint.query ?? endpoint.body);
    const secured = endpoint.auth === 'token';

    app.route({
      method: endpoint.method,
      url: endpoint.path,
      config: { client: endpoint.client },
      schema: {
        summary: endpoint.summary,
        operationId: ENDPOINT_NAMES.get(endpoint),
        tags: [endpoint.path.split('/')[1] ?? 'default'],
        ...(secured ? { security: [{ bearerAuth: [] }] } : {}),
        ...(endpoint.params ? { params: endpoint.params } : {}),
        ...(endpoint.query ? { querystring: endpoint.query } : {}),
        ...(endpoint.body ? { body: endpoint.body } : {}),
        response: {
          200: successEnvelope(endpoint),
          ...(hasInput ? { 400: failure } : {}),
          ...(secured ? { 401: failure } : {}),
          ...(endpoint.permission ? { 403: failure } : {}),
          '4xx': failure,
          '5xx': failure,
        },
      },
      // onRequest runs before body validation: a caller without a valid token learns nothing about inputs.
      ...(secured
        ? {
            onRequest: async (request: FastifyRequest) => {
              const session = await authenticate(request, ctx);
              if (endpoint.permission && !session.permissions.includes(endpoint.permission)) {
                throw forbidden(endpoint.permission);
              }
              sessions.set(request, session);
            },
          }
        : {}),
      handler: async (request, reply) => {
        // The validator compiler has parsed params, query and body with the endpoint's schemas.
        const data = await handler({
          params: request.params as never,
          query: request.query as never,
          body: request.body as never,
          request,
          reply,
          session() {
            const session = sessions.get(request);
            if (!session) throw authRequired();
            return session;
          },
        });
        return { success: true, data };
      },
    });
  };
}
