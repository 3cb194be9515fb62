import compress from '@fastify/compress';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';

/** The business and cost figures: computed from many rows, read by every dashboard. */
const FIGURE_PATHS = new Set([
  '/dashboard/business',
  '/dashboard/business/organization',
  '/cost/trend',
  '/cost/breakdown',
  '/cost/recommendations',
  '/cost/budgets',
  '/cost/score',
]);
const MAX_CACHED = 500;

interface Cached {
  expires: number;
  payload: string;
  contentType: string;
}

/**
 * The settings that shape answers rather than refuse them: debug mode is the log level, compression is
 * @fastify/compress (skipped per request while off), caching keeps the figure endpoints' answers for the
 * cache timeout.
 */
export async function registerSettingsEffects(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const baseLevel = app.log.level;
  const applyLevel = (debugMode: boolean) => {
    app.log.level = debugMode ? 'debug' : baseLevel;
  };
  applyLevel((await ctx.settings.current()).settings.general.debugMode);
  const unsubscribe = ctx.settings.subscribe((state) => applyLevel(state.settings.general.debugMode));
  app.addHook('onClose', async () => unsubscribe());

  // Before compression: the cache keeps the answer as serialised, compression then applies to hits too.
  registerFigureCache(app, ctx);
  await app.register(compress, { global: true });
  app.addHook('onRequest', async (request) => {
    if (!(await ctx.settings.current()).settings.performance.compressionEnabled) {
      // @fastify/compress's own opt-out, set for the caller while compression is off.
      request.headers['x-no-compression'] = '1';
    }
  });
}

/**
 * Answers of the figure endpoints, kept per caller (token and organization: the answer depends on both)
 * for the cache timeout. Any successful change on this instance empties it, so an import or a new spend
 * shows at once here; another instance's change shows within the timeout.
 */
function registerFigureCache(app: FastifyInstance, ctx: ServerContext): void {
  const cache = new Map<string, Cached>();
  const keyOf = (request: FastifyRequest) =>
    `${request.url}|${request.headers.authorization ?? ''}|${String(request.headers['x-organization-id'] ?? '')}`;
  const cacheable = (request: FastifyRequest) =>
    request.method === 'GET' && FIGURE_PATHS.has(request.routeOptions.url ?? '');

  // After the route's own authentication and permission checks: a cached answer is never a way around them.
  app.addHook('preHandler', async (request, reply) => {
    if (!cacheable(request)) return;
    const { cachingEnabled } = (await ctx.settings.current()).settings.performance;
    if (!cachingEnabled) return;
    const hit = cache.get(keyOf(request));
    if (!hit || hit.expires <= ctx.config.now()) return;
    reply.header('x-cache', 'hit').type(hit.contentType);
    return reply.send(hit.payload);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!cacheable(request) || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    if (reply.getHeader('x-cache') === 'hit') return payload;
    const { cachingEnabled, cacheTimeout } = (await ctx.settings.current()).settings.performance;
    if (!cachingEnabled) return payload;
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(keyOf(request), {
      expires: ctx.config.now() + cacheTimeout * 1000,
      payload,
      contentType: String(reply.getHeader('content-type') ?? 'application/json'),
    });
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400) cache.clear();
  });
}
