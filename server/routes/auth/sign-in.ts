import type { FastifyRequest } from 'fastify';
import type { LoginData } from '../../../shared/api';
import { ERRORS, formatError } from '../../../shared/errors';
import { hasConsoleAccess } from '../../../shared/routes';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../../auth/password';
import { throttleKeys } from '../../auth/throttle';
import { findUserByEmail, toSessionUser, type UserWithPermissions } from '../../auth/users';
import type { ServerContext } from '../../context';
import { HttpError } from '../../http/errors';
import { maintenance } from '../../settings/guards';

/**
 * Checks an email and password under the login throttle. Unknown email and wrong password answer alike,
 * in the same time; the account's state is only revealed to whoever knows its password.
 */
export async function checkCredentials(
  ctx: ServerContext,
  request: FastifyRequest,
  email: string,
  password: string,
  wrongPassword: HttpError = new HttpError(401, ERRORS.invalidCredentials),
): Promise<UserWithPermissions> {
  const keys = throttleKeys(email, request.ip);
  const retryAfter = await ctx.throttle.retryAfterSeconds(keys);
  if (retryAfter !== undefined) {
    throw new HttpError(429, formatError(ERRORS.tooManyAttempts, { seconds: retryAfter }), {
      'retry-after': String(retryAfter),
    });
  }

  const found = await findUserByEmail(ctx.db, email);
  const matches = await verifyPassword(password, found?.user.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!found || !matches) {
    await ctx.throttle.recordFailure(keys);
    throw wrongPassword;
  }
  await ctx.throttle.recordSuccess(keys);
  if (found.user.status !== 'active') throw new HttpError(403, ERRORS.accountDisabled);
  return found;
}

/** The login answer: a fresh token and the session user. Roles that open no screen are refused here. */
export async function signIn(ctx: ServerContext, found: UserWithPermissions): Promise<LoginData> {
  if (!hasConsoleAccess(found.user.role, found.permissions)) throw new HttpError(403, ERRORS.noConsoleAccess);
  const { general, security } = (await ctx.settings.current()).settings;
  if (general.maintenanceMode && found.user.role !== 'super_admin') throw maintenance();
  const { token } = await ctx.tokens.issue(found.user.id, security.sessionTimeout);
  return { ...toSessionUser(found), token };
}
