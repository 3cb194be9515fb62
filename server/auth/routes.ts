import { authEndpoints } from '../../shared/api';
import { actorOf } from '../audit';
import { throttleKeys } from './throttle';
import { normalizeEmail, toSessionUser } from './users';
import type { ServerContext } from '../context';
import type { Route } from '../http/router';
import { registerAccountRoutes } from './account-routes';
import { endSessions, pingDatabase } from './store';
import { checkCredentials, assertMaySignIn, completeSignIn, twoFactorGate } from './sign-in';
import { registerTwoFactorSignInRoutes } from './two-factor-routes';

export const SERVICE_NAME = 'ops-console-server';

export function registerAuthRoutes(route: Route, ctx: ServerContext): void {
  route(authEndpoints.login, async ({ body, request, audit }) => {
    // A failure names the email tried (never the password); a success names the user signed in.
    audit.note({ actor: { userId: null, userName: null, userEmail: normalizeEmail(body.email) } });
    const found = await checkCredentials(ctx, request, body.email, body.password, undefined, false);
    audit.note({ actor: actorOf(toSessionUser(found)), resourceId: found.user.id });
    // Refused accounts are told so before any second step.
    await assertMaySignIn(ctx, found);
    const challenge = await twoFactorGate(ctx, request, found, body.code);
    // Half-way: the password's failures are cleared only once the second factor is given too.
    if (challenge) return challenge;
    await ctx.throttle.clear(throttleKeys(found.user.email, request.ip));
    return completeSignIn(ctx, found, audit);
  });

  route(authEndpoints.verify, async ({ session }) => session());

  route(authEndpoints.test, async () => {
    await pingDatabase(ctx.db);
    return {
      status: 'ok' as const,
      service: SERVICE_NAME,
      version: ctx.config.version,
      database: ctx.databaseKind,
      time: new Date(ctx.config.now()).toISOString(),
    };
  });

  route(authEndpoints.logout, async ({ session, audit }) => {
    const at = new Date(ctx.config.now());
    await ctx.db.transaction(async (tx) => {
      await endSessions(tx, session().userId, at);
      await audit.record(tx, { resourceId: session().userId });
    });
    return { revoked: true as const };
  });

  registerTwoFactorSignInRoutes(route, ctx);
  registerAccountRoutes(route, ctx);
}
