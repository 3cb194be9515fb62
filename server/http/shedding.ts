import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_MAX_EVENT_LOOP_DELAY_MS, type SheddingPolicy } from '../config';
import type { DatabaseKind } from '../db/client';
import { busy } from './errors';
import { appended, methodOf } from './route-hooks';

/** Retry-After of a request shed for load: short, because a slot frees as soon as one heavy request ends. */
export const SHED_RETRY_AFTER_SECONDS = 2;

/** Event-loop delay is not held against the server in its first seconds after it is ready. */
const EVENT_LOOP_GRACE_MS = 15_000;

/** The expensive route classes (issue 27): a flood of one must not starve the others or the cheap routes. */
export type HeavyClass = 'audit-search' | 'audit-verify' | 'monitoring-7d' | 'reports' | 'exports';

type Query = Record<string, unknown> | undefined;

/** The routes that may be expensive, by `METHOD url`, and which class a request of one is, by its query. */
const HEAVY_ROUTES = new Map<string, (query: Query) => HeavyClass | undefined>([
  [
    'GET /audit-logs',
    (query) => (typeof query?.search === 'string' && query.search.trim() !== '' ? 'audit-search' : undefined),
  ],
  // The whole chain walked: a class of its own, so that the audit screen's own check is not refused
  // because of its search (or the other way round).
  ['GET /audit-logs/verify', () => 'audit-verify'],
  ['GET /monitoring/api-performance', (query) => (query?.range === '7d' ? 'monitoring-7d' : undefined)],
  ['POST /reports/:id/generate', () => 'reports'],
  ['GET /reports/:id/data', () => 'reports'],
  // Files made from whole tables (the body, with the range, is not read yet when this is decided).
  ['POST /export', () => 'exports'],
  ['POST /monitoring/api-performance/report', () => 'exports'],
]);

/** Whether requests of a route may belong to an expensive class. */
export const mayBeHeavy = (method: string, url: string): boolean => HEAVY_ROUTES.has(`${method} ${url}`);

/** Which expensive class a request belongs to, by its route and query; undefined for everything else. */
export function heavyClassOf(request: FastifyRequest): HeavyClass | undefined {
  return HEAVY_ROUTES.get(`${request.method} ${request.routeOptions.url ?? ''}`)?.(request.query as Query);
}

/** The event-loop delay that sheds (0: off): as set, else off on PGlite (see SheddingPolicy). */
export function eventLoopDelayBound(policy: SheddingPolicy, kind: DatabaseKind): number {
  return policy.maxEventLoopDelayMs ?? (kind === 'pglite' ? 0 : DEFAULT_MAX_EVENT_LOOP_DELAY_MS);
}

/**
 * Overload is shed, not queued (issue 27), in two ways, both answering 503 + Retry-After in the
 * caller's envelope:
 * - `@fastify/under-pressure` refuses every request while the event loop lags or is saturated, or the
 *   heap (or, when set, the resident memory) is past its bound: the process is already behind, and
 *   accepting more only makes every answer later;
 * - each expensive route class admits a few requests at once and refuses the rest at once: a flood of
 *   audit searches cannot take every database connection (or, on PGlite, fill the queue in front of its
 *   one connection) while the health check, the dashboard and the other classes wait behind it.
 */
export async function installLoadShedding(
  app: FastifyInstance,
  policy: SheddingPolicy,
  kind: DatabaseKind,
): Promise<void> {
  await app.register(underPressure, {
    maxEventLoopDelay:
      policy.maxEventLoopDelayMs ?? (kind === 'pglite' ? 0 : DEFAULT_MAX_EVENT_LOOP_DELAY_MS),
    maxEventLoopUtilization: policy.maxEventLoopUtilization,
    maxHeapUsedBytes: policy.maxHeapUsedBytes,
    maxRssBytes: policy.maxRssBytes,
    pressureHandler: (_request, _reply, type) =>
      // The start's own work (PGlite's first probe and sample hold the loop) is not overload.
      type === 'eventLoopDelay' && performance.now() - readyAt < EVENT_LOOP_GRACE_MS
        ? undefined
        : Promise.reject(busy(SHED_RETRY_AFTER_SECONDS)),
  });
  let readyAt = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    readyAt = performance.now();
  });

  // PGlite runs one statement at a time on this thread: every heavy query admitted is one a cheap
  // request waits behind, so two per class there (the audit screen asks a search's page and its count
  // at once; a third is refused, and the console's one retry a second later finds a slot).
  const limit = policy.heavyConcurrency ?? (kind === 'pglite' ? 2 : 4);
  const running = new Map<HeavyClass, number>();
  const held = new WeakMap<FastifyRequest, HeavyClass>();
  const release = (request: FastifyRequest) => {
    const heavy = held.get(request);
    if (!heavy) return;
    held.delete(request);
    running.set(heavy, (running.get(heavy) ?? 1) - 1);
  };
  // Before authentication and every guard: on PGlite those wait on the one connection too, so a request
  // refused later would already have queued behind the flood.
  // Callback hooks, not async ones: most requests are of no class and pass without a promise of their own.
  app.addHook('onRequest', (request, _reply, done) => {
    const heavy = heavyClassOf(request);
    if (!heavy) return done();
    const now = running.get(heavy) ?? 0;
    if (now >= limit) return done(busy(SHED_RETRY_AFTER_SECONDS));
    running.set(heavy, now + 1);
    held.set(request, heavy);
    // Let the event loop read what else has arrived before this request does its work. On PGlite a
    // request's whole course (its statements run on this thread, their promises resolve as microtasks)
    // would otherwise end within the one socket event that brought it: no two heavy requests were ever
    // in flight together, so none was refused, and the flood queued in the sockets while the health
    // check waited its turn behind all of it (bench/overload.ts: 0 shed, health p95 ~2 s). Held here,
    // the requests read meanwhile count against the limit, and a cheap one runs first.
    setImmediate(done);
  });
  // Once answered, or once the client went away (its work may still run: the next one waits no longer).
  // Route hooks, on the routes that may be heavy only: every other request holds no slot.
  app.addHook('onRoute', (route) => {
    if (!mayBeHeavy(methodOf(route), route.url)) return;
    route.onResponse = appended(route.onResponse, (request, _reply, done) => {
      release(request);
      done();
    });
    route.onRequestAbort = appended(route.onRequestAbort, (request, done) => {
      release(request);
      done();
    });
  });
}
