import compress from '@fastify/compress';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
  onResponseHookHandler,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import { appended, methodOf } from '../http/route-hooks';
import type { ServerContext } from '../context';
import type { SettingsState } from './store';

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
  const optOut = (request: FastifyRequest, state: SettingsState) => {
    // @fastify/compress's own opt-out, set for the caller while compression is off.
    if (!state.settings.performance.compressionEnabled) request.headers['x-no-compression'] = '1';
  };
  // Callback hooks here: they run on every request, and with the settings in memory wait for nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    const known = ctx.settings.peek();
    if (known) {
      optOut(request, known);
      return done();
    }
    ctx.settings.current().then((state) => {
      optOut(request, state);
      done();
    }, done);
  });
}

/**
 * Answers of the figure endpoints, kept per caller (token and organization: the answer depends on both)
 * for the cache timeout. Any successful change of the platform on this instance (`changesPlatform`) empties
 * it, so an import or a new spend shows at once here; another instance's change shows within the timeout.
 */
function registerFigureCache(app: FastifyInstance, ctx: ServerContext): void {
  const cache = new Map<string, Cached>();
  const keyOf = (request: FastifyRequest) =>
    `${request.url}|${request.headers.authorization ?? ''}|${String(request.headers['x-organization-id'] ?? '')}`;
  const cacheable = (route: RouteOptions) => methodOf(route) === 'GET' && FIGURE_PATHS.has(route.url);

  // Only the figure routes carry the cache's hooks (route hooks, added as each route is registered).
  app.addHook('onRoute', (route) => {
    if (cacheable(route)) {
      // After the route's own authentication and permission checks: a cached answer is never a way around them.
      route.preHandler = appended(route.preHandler, fromCache);
      route.onSend = appended(route.onSend, toCache);
    } else if (route.config?.changes ?? (methodOf(route) !== 'GET' && methodOf(route) !== 'HEAD')) {
      // Not after the console's session check or usage beat (each a POST every minute, which emptied a
      // cache kept for minutes), nor after a preview or a test message: they change nothing of the figures.
      route.onResponse = appended(route.onResponse, emptyAfterChange);
    }
  });
  const fromCache: preHandlerHookHandler = (request, reply, done) => {
    answerFromCache(request, reply).then((answered) => {
      if (!answered) done();
    }, done);
  };
  const answerFromCache = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const { cachingEnabled } = (await ctx.settings.current()).settings.performance;
    if (!cachingEnabled) return false;
    const hit = cache.get(keyOf(request));
    if (!hit || hit.expires <= ctx.config.now()) return false;
    reply.header('x-cache', 'hit').type(hit.contentType).send(hit.payload);
    return true;
  };
  const toCache: onSendHookHandler = (request, reply, payload, done) => {
    if (reply.statusCode !== 200 || typeof payload !== 'string') return done(null, payload);
    if (reply.getHeader('x-cache') === 'hit') return done(null, payload);
    keep(request, reply, payload).then(() => done(null, payload), done);
  };
  const keep = async (request: FastifyRequest, reply: FastifyReply, payload: string) => {
    const { cachingEnabled, cacheTimeout } = (await ctx.settings.current()).settings.performance;
    if (!cachingEnabled) return;
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(keyOf(request), {
      expires: ctx.config.now() + cacheTimeout * 1000,
      payload,
      contentType: String(reply.getHeader('content-type') ?? 'application/json'),
    });
  };
  const emptyAfterChange: onResponseHookHandler = (_request, reply, done) => {
    if (reply.statusCode < 400 && cache.size > 0) cache.clear();
    done();
  };
}
