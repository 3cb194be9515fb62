import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { LoginData, TwoFactorChallenge } from '../../shared/api';
import { ERRORS, formatError } from '../../shared/errors';
import { hasConsoleAccess } from '../../shared/routes';
import { TWO_FACTOR_TEXTS } from '../../shared/two-factor';
import type { AuditEntry, Auditor } from '../audit';
import { DUMMY_PASSWORD_HASH, verifyPassword } from './password';
import { throttleKeys, type ThrottleKeys } from './throttle';
import { isEnrolled, useSecondFactor } from './two-factor';
import { findUserByEmail, toSessionUser, type UserWithPermissions } from './users';
import type { ServerContext } from '../context';
import { users } from '../db/schema';
import { HttpError } from '../http/errors';
import { maintenance } from '../settings/guards';

/**
 * Reserves one sign-in attempt of (email, address) before anything is checked (issue 25), or answers 429
 * with Retry-After. The reservation is the failure's record; `checked` runs the check and gives the
 * attempt back when it passes (`clear`: the sign-in is over, so the pair's count is cleared too) or when
 * it never ran (a full hashing queue).
 */
export async function throttled<T>(
  ctx: ServerContext,
  keys: ThrottleKeys,
  check: () => Promise<T | undefined>,
  clear: boolean,
): Promise<T | undefined> {
  const retryAfter = await ctx.throttle.reserve(keys);
  if (retryAfter !== undefined) {
    throw new HttpError(429, formatError(ERRORS.tooManyAttempts, { seconds: retryAfter }), {
      'retry-after': String(retryAfter),
    });
  }
  let passed: T | undefined;
  try {
    passed = await check();
  } catch (error) {
    // Not checked (the hashing queue is full, the database failed): not a failure either.
    await ctx.throttle.release(keys);
    throw error;
  }
  if (passed === undefined) return undefined;
  await ctx.throttle.release(keys);
  if (clear) await ctx.throttle.clear(keys);
  return passed;
}

/**
 * Checks an email and password under the login throttle. Unknown email and wrong password answer alike,
 * in the same time; the account's state is only revealed to whoever knows its password. `clearFailures`
 * false: the sign-in is not over yet (a second factor follows), so failed codes keep counting.
 */
export async function checkCredentials(
  ctx: ServerContext,
  request: FastifyRequest,
  email: string,
  password: string,
  wrongPassword: HttpError = new HttpError(401, ERRORS.invalidCredentials),
  clearFailures = true,
): Promise<UserWithPermissions> {
  const found = await throttled(
    ctx,
    throttleKeys(email, request.ip),
    async () => {
      const user = await findUserByEmail(ctx.db, email);
      const matches = await verifyPassword(password, user?.user.passwordHash ?? DUMMY_PASSWORD_HASH);
      return user && matches ? user : undefined;
    },
    clearFailures,
  );
  if (!found) throw wrongPassword;
  if (found.user.status !== 'active') throw new HttpError(403, ERRORS.accountDisabled);
  return found;
}

/**
 * A TOTP or recovery code, under the same throttle as the password: a wrong code counts as a failed
 * sign-in of that (email, address), so guessing codes gets blocked as guessing passwords does.
 */
export async function checkSecondFactor(
  ctx: ServerContext,
  request: FastifyRequest,
  found: UserWithPermissions,
  code: string,
  wrongCode: HttpError = new HttpError(401, TWO_FACTOR_TEXTS.invalidCode),
): Promise<void> {
  const used = await throttled(
    ctx,
    throttleKeys(found.user.email, request.ip),
    async () =>
      (await useSecondFactor(ctx.db, ctx.secrets, found.user.id, code, ctx.config.now())) ? true : undefined,
    true,
  );
  if (!used) throw wrongCode;
}

/** Roles that open no screen, and everyone but super admins during maintenance, are refused a sign-in. */
export async function assertMaySignIn(ctx: ServerContext, found: UserWithPermissions): Promise<void> {
  if (!hasConsoleAccess(found.user.role, found.permissions)) throw new HttpError(403, ERRORS.noConsoleAccess);
  const { general } = (await ctx.settings.current()).settings;
  if (general.maintenanceMode && found.user.role !== 'super_admin') throw maintenance();
}

/**
 * After a correct password: the challenge of the second step when one is due (an enrolled user without a
 * code; anyone not enrolled while two-factor is required), else nothing. A code sent along is checked here.
 */
export async function twoFactorGate(
  ctx: ServerContext,
  request: FastifyRequest,
  found: UserWithPermissions,
  code: string | undefined,
): Promise<TwoFactorChallenge | undefined> {
  const challenge = async (step: TwoFactorChallenge['twoFactor']) => {
    const issued = await ctx.challenges.issue(found.user.id, step);
    return { twoFactor: step, challenge: issued.challenge, expiresAt: issued.expiresAt.toISOString() };
  };
  if (await isEnrolled(ctx.db, found.user.id)) {
    if (code === undefined) return challenge('code');
    await checkSecondFactor(ctx, request, found, code);
    return undefined;
  }
  const { security } = (await ctx.settings.current()).settings;
  return security.twoFactorRequired ? challenge('enrol') : undefined;
}

/** The login answer: a fresh token and the session user. */
export async function signIn(ctx: ServerContext, found: UserWithPermissions): Promise<LoginData> {
  await assertMaySignIn(ctx, found);
  const { security } = (await ctx.settings.current()).settings;
  const { token } = await ctx.tokens.issue(found.user.id, security.sessionTimeout);
  return { ...toSessionUser(found), token };
}

/** A completed sign-in: the token, the users screen's last login and the request's one audit record. */
export async function completeSignIn(
  ctx: ServerContext,
  found: UserWithPermissions,
  audit: Auditor,
  entry: AuditEntry = {},
): Promise<LoginData> {
  const signedIn = await signIn(ctx, found);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ lastLoginAt: new Date(ctx.config.now()) })
      .where(eq(users.id, found.user.id));
    await audit.record(tx, entry);
  });
  return signedIn;
}
