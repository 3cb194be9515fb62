import rateLimit from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatError } from '../../shared/errors';
import { SETTINGS_TEXTS } from '../../shared/settings';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { bearerToken } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { apiKeyRateKey, looksLikeApiKey } from '../integrations/api-key-auth';
import { hashApiKey, isWellFormedApiKey } from '../integrations/api-key-format';

const WINDOW_MS = 60_000;
/** How long an instance's own counts wait before they join the shared ones (one query per batch). */
export const RATE_LIMIT_SYNC_MS = 200;

interface Count {
  current: number;
  ttl: number;
}

/**
 * Counts per key and fixed minute window, shared by every instance through the database without a
 * query per request: each request is counted in memory at once, and the instance adds its counts to
 * `rate_limit_counters` every RATE_LIMIT_SYNC_MS in one upsert, which answers the totals of all
 * instances. A key is refused when the last known total plus the counts not yet shared (waiting, or on
 * their way to the database) pass the limit, so instances may together let through up to one sync
 * interval's worth of extra requests.
 */
export class SharedRateCounter {
  private window = -1;
  private pending = new Map<string, number>();
  /** Counts sent to the database whose totals have not come back yet. */
  private sending = new Map<string, number>();
  private known = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private syncing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {}

  incr(key: string): Count {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS) * WINDOW_MS;
    if (window !== this.window) {
      this.window = window;
      this.pending = new Map();
      this.sending = new Map();
      this.known = new Map();
    }
    const pending = (this.pending.get(key) ?? 0) + 1;
    this.pending.set(key, pending);
    this.timer ??= setTimeout(() => void this.sync(), RATE_LIMIT_SYNC_MS);
    const current = (this.known.get(key) ?? 0) + (this.sending.get(key) ?? 0) + pending;
    return { current, ttl: window + WINDOW_MS - now };
  }

  /** Sends the counts not yet shared and learns the totals; tests call it to skip the wait. */
  sync(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const window = this.window;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return this.syncing;
    // Until its totals are back, the batch still counts: a request meanwhile would otherwise see the last
    // known total without it, and pass a limit the batch had reached.
    const sending = this.sending;
    for (const [key, count] of batch) sending.set(key, (sending.get(key) ?? 0) + count);
    const sent = () => {
      for (const [key, count] of batch) {
        const left = (sending.get(key) ?? 0) - count;
        if (left > 0) sending.set(key, left);
        else sending.delete(key);
      }
    };
    this.syncing = this.syncing.then(async () => {
      let totals: { key: string; count: number }[] | undefined;
      try {
        totals = await this.db
          .insert(rateLimitCounters)
          .values([...batch].map(([key, count]) => ({ key, windowStart: new Date(window), count })))
          .onConflictDoUpdate({
            target: [rateLimitCounters.key, rateLimitCounters.windowStart],
            set: { count: sql`${rateLimitCounters.count} + excluded.count` },
          })
          .returning({ key: rateLimitCounters.key, count: rateLimitCounters.count });
      } catch (error) {
        // Counting is best effort: a database hiccup must never turn requests into errors. The instance
        // goes on with its own counts.
        this.onError(error);
      }
      if (window !== this.window) return;
      sent();
      // The totals include the batch; counts made while it was on its way stay pending, on top of them.
      if (totals) for (const row of totals) this.known.set(row.key, row.count);
      else for (const [key, count] of batch) this.known.set(key, (this.known.get(key) ?? 0) + count);
      if (!totals) return;
      try {
        // Past windows are of no use to anyone: every instance sweeps them as it goes.
        await this.db
          .delete(rateLimitCounters)
          .where(lt(rateLimitCounters.windowStart, new Date(window - WINDOW_MS)));
      } catch (error) {
        this.onError(error);
      }
    });
    return this.syncing;
  }

  async close(): Promise<void> {
    await this.sync();
  }
}

/**
 * Rate limiting and max requests per minute (settings, Performance): @fastify/rate-limit over the shared
 * counter, per signed-in user (the verified token's subject) and per address for everyone else. Answers
 * 429 with Retry-After; a failing store lets requests through (never a 5xx).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  ctx: ServerContext,
): Promise<SharedRateCounter> {
  const counter = new SharedRateCounter(ctx.db, ctx.config.now, (error) =>
    app.log.warn({ err: error }, 'sharing the rate-limit counts failed'),
  );
  const performance = async () => (await ctx.settings.current()).settings.performance;

  class Store {
    incr(key: string, callback: (error: Error | null, result?: Count) => void) {
      callback(null, counter.incr(key));
    }
    child() {
      return this;
    }
  }

  await app.register(rateLimit, {
    // Not per route (where it would run after authentication): one hook ahead of everything, so callers
    // with a bad token or none are counted too.
    global: false,
    store: Store,
    timeWindow: WINDOW_MS,
    skipOnError: true,
    max: async () => (await performance()).maxRequestsPerMinute,
    allowList: async (request) =>
      !(await performance()).rateLimitEnabled || request.url.split('?')[0] === '/auth/test',
    keyGenerator: (request) => keyOf(ctx, request),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        formatError(SETTINGS_TEXTS.rateLimited, { max: context.max, seconds: Math.ceil(context.ttl / 1000) }),
      ),
  });
  // While rate limiting is off (the settings in memory say so), a request passes without the limiter's
  // own promise; the limiter still checks the settings itself (allowList) when they are not in memory.
  const limiter = app.rateLimit();
  app.addHook('onRequest', (request, reply, done) => {
    if (ctx.settings.peek()?.settings.performance.rateLimitEnabled === false) return done();
    (limiter.call(app, request, reply) as Promise<unknown>).then(() => done(), done);
  });
  app.addHook('onClose', async () => counter.close());
  return counter;
}

async function keyOf(ctx: ServerContext, request: FastifyRequest): Promise<string> {
  // Asked before the allow-list: while limiting is off, no token is checked twice for nothing.
  if (!(await ctx.settings.current()).settings.performance.rateLimitEnabled) return 'off';
  const token = bearerToken(request.headers.authorization);
  // Issue 25: only a key that exists gets a bucket of its own; random `opc_` strings are counted by
  // address, so they neither escape the limit nor grow the counters table.
  if (token && looksLikeApiKey(token)) {
    const known = isWellFormedApiKey(token) && (await ctx.apiKeys.byHash(hashApiKey(token)));
    return known ? apiKeyRateKey(token) : `ip:${request.ip}`;
  }
  if (token) {
    try {
      return `user:${(await ctx.tokens.verify(token)).userId}`;
    } catch {
      // Not a token of ours: counted by address like any anonymous caller.
    }
  }
  return `ip:${request.ip}`;
}
