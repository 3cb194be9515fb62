import { sql, eq } from 'drizzle-orm';
import { authEndpoints } from '../../../shared/api';
import { actorOf } from '../../audit';
import { normalizeEmail, toSessionUser } from '../../auth/users';
import { users } from '../../db/schema';
import type { ServerContext } from '../../context';
import type { Route } from '../../http/router';
import { registerAccountRoutes } from './account';
import { checkCredentials, signIn } from './sign-in';

export const SERVICE_NAME = 'ops-console-server';

export function registerAuthRoutes(route: Route, ctx: ServerContext): void {
  route(authEndpoints.login, async ({ body, request, audit }) => {
    // A failure names the email tried (never the password); a success names the user signed in.
    audit.note({ actor: { userId: null, userName: null, userEmail: normalizeEmail(body.email) } });
    const found = await checkCredentials(ctx, request, body.email, body.password);
    audit.note({ actor: actorOf(toSessionUser(found)), resourceId: found.user.id });
    const signedIn = await signIn(ctx, found);
    // The users screen's last login (issue 13), with the sign-in's record.
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ lastLoginAt: new Date(ctx.config.now()) })
        .where(eq(users.id, found.user.id));
      await audit.record(tx);
    });
    return signedIn;
  });

  route(authEndpoints.verify, async ({ session }) => session());

  route(authEndpoints.test, async () => {
    await ctx.db.execute(sql`select 1`);
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
      await tx
        .update(users)
        .set({ tokensValidAfter: at, updatedAt: at })
        .where(eq(users.id, session().userId));
      await audit.record(tx, { resourceId: session().userId });
    });
    return { revoked: true as const };
  });

  registerAccountRoutes(route, ctx);
}
