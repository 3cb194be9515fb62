import { randomUUID } from 'node:crypto';
import { authEndpoints } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { systemRole } from '../../shared/permissions';
import { hashPassword } from './password';
import { assertPasswordPolicy } from './password-policy';
import { findUserById, normalizeEmail } from './users';
import type { ServerContext } from '../context';
import { isUniqueViolation } from '../db/errors';
import { HttpError, SERVER_TEXTS, authRequired, forbidden } from '../http/errors';
import type { Route } from '../http/router';
import { checkCredentials, signIn } from './sign-in';
import { changePassword, insertUser } from './store';

export function registerAccountRoutes(route: Route, ctx: ServerContext): void {
  route(authEndpoints.register, async ({ body, session, audit }) => {
    audit.note({ details: { email: normalizeEmail(body.email), role: body.role } });
    // users.manage must not be a ladder: the caller may only hand out permissions it holds itself.
    const caller = session();
    const missing = systemRole(body.role)?.permissions.find((p) => !caller.permissions.includes(p));
    if (missing) throw forbidden(missing);

    const email = normalizeEmail(body.email);
    await assertPasswordPolicy(ctx, body.password);
    const passwordHash = await hashPassword(body.password);
    const now = new Date(ctx.config.now());
    try {
      const created = await ctx.db.transaction(async (tx) => {
        const row = await insertUser(tx, {
          id: randomUUID(),
          email,
          name: body.name,
          passwordHash,
          role: body.role,
          createdAt: now,
          updatedAt: now,
        });
        await audit.record(tx, { resourceId: row.id });
        return row;
      });
      return { userId: created.id, email: created.email, name: created.name, role: created.role };
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, ERRORS.emailTaken);
      throw error;
    }
  });

  route(authEndpoints.changePassword, async ({ body, request, session, audit }) => {
    const current = await findUserById(ctx.db, session().userId);
    if (!current) throw authRequired();
    // Throttled like a sign-in: a stolen token must not become a way to guess the password. Not a 401:
    // that would end the session of a user who merely mistyped.
    const wrong = new HttpError(400, SERVER_TEXTS.wrongCurrentPassword);
    await checkCredentials(ctx, request, current.user.email, body.currentPassword, wrong);

    await assertPasswordPolicy(ctx, body.newPassword);
    const passwordHash = await hashPassword(body.newPassword);
    const at = new Date(ctx.config.now());
    await ctx.db.transaction(async (tx) => {
      await changePassword(tx, current.user.id, passwordHash, at);
      await audit.record(tx, { resourceId: current.user.id });
    });
    return signIn(ctx, current);
  });
}
