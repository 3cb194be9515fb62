import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERRORS, formatError } from '../../shared/errors';
import type { SystemSettings } from '../../shared/api/settings';
import { SETTINGS_TEXTS, ipAllowed } from '../../shared/settings';
import { findUserById, isUuid } from '../auth/users';
import type { ServerContext } from '../context';
import { bearerToken } from '../http/authenticate';
import { HttpError } from '../http/errors';
import { pathOf } from '../http/route-hooks';

/** Always answered: the load balancer's health check. */
const HEALTH_CHECK = '/auth/test';
/**
 * Answered during maintenance: the sign-in (which itself refuses everyone but super admins, with the
 * maintenance message), signing out, and what the console needs to say that maintenance is on.
 */
const MAINTENANCE_OPEN = new Set([
  'POST /auth/login',
  'POST /auth/two-factor/verify',
  'POST /auth/two-factor/enrolment',
  'POST /auth/two-factor/enrolment/confirm',
  'POST /auth/logout',
  'GET /settings/console',
]);

/**
 * The settings that guard every request, in their own hook ahead of each route's authentication: the
 * IP whitelist (403), a session older than the session timeout (401) and maintenance mode (503). They
 * read the settings in memory (server/settings/store.ts), so an unguarded request pays no query.
 */
export function registerSettingsGuards(app: FastifyInstance, ctx: ServerContext): void {
  // A callback hook: with the settings in memory (peek) and no maintenance, a request passes without a
  // promise; otherwise the same checks wait for the settings, and maintenance for the super-admin check.
  app.addHook('onRequest', (request, _reply, done) => {
    const path = pathOf(request.url);
    if (path === HEALTH_CHECK) return done();
    const known = ctx.settings.peek();
    if (!known) {
      // Nothing returned from a callback hook: Fastify would take a promise for the hook's own end.
      guarded(request, path).then(() => done(), done);
      return;
    }
    let passed: boolean;
    try {
      passed = guardedInMemory(request, path, known.settings);
    } catch (error) {
      return done(error as Error);
    }
    if (passed) return done();
    superAdminOnly(request).then(() => done(), done);
  });

  /**
   * The IP whitelist and the session timeout; then true, unless maintenance mode asks who the caller is
   * (false: `guarded` decides).
   */
  const guardedInMemory = (request: FastifyRequest, path: string, settings: SystemSettings): boolean => {
    // `request.ip` is worked out from the trusted proxies on each read: only when there is a whitelist.
    const whitelist = settings.security.ipWhitelist;
    if (whitelist.length > 0 && !ipAllowed(request.ip, whitelist)) {
      throw new HttpError(403, formatError(SETTINGS_TEXTS.ipRefused, { ip: request.ip }));
    }

    const token = bearerToken(request.headers.authorization);
    // A token verified before (most requests) is in the token service's memory; any other is decoded.
    const claims = token ? (ctx.tokens.known(token) ?? bearerClaims(token)) : undefined;
    // A shortened timeout holds at once for tokens issued under a longer one.
    if (claims && ctx.config.now() - claims.issuedAtMs > settings.security.sessionTimeout * 60_000) {
      throw new HttpError(401, ERRORS.sessionExpired);
    }

    return !settings.general.maintenanceMode || MAINTENANCE_OPEN.has(`${request.method} ${path}`);
  };

  const guarded = async (request: FastifyRequest, path: string) => {
    const { settings } = await ctx.settings.current();
    if (!guardedInMemory(request, path, settings)) await superAdminOnly(request);
  };

  /** Maintenance mode: only a super admin passes. */
  const superAdminOnly = async (request: FastifyRequest) => {
    if (!(await isSuperAdmin(ctx, request))) throw maintenance();
  };
}

export const maintenance = () => new HttpError(503, SETTINGS_TEXTS.maintenance, { 'retry-after': '300' });

/** Only a verified token of an active super admin passes maintenance. */
async function isSuperAdmin(ctx: ServerContext, request: FastifyRequest): Promise<boolean> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return false;
  try {
    const { userId } = await ctx.tokens.verify(token);
    const found = isUuid(userId) ? await findUserById(ctx.db, userId) : undefined;
    return found?.user.role === 'super_admin' && found.user.status === 'active';
  } catch {
    return false;
  }
}

/**
 * The issue time of the bearer token, read without checking its signature: it can only refuse a request
 * here, never admit one (authentication checks the signature next).
 */
function bearerClaims(token: string): { issuedAtMs: number } | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { iat_ms?: unknown };
    return typeof claims.iat_ms === 'number' ? { issuedAtMs: claims.iat_ms } : undefined;
  } catch {
    return undefined;
  }
}
