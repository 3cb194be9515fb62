import { authEndpoints } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { TWO_FACTOR_TEXTS, type TwoFactorStep } from '../../shared/two-factor';
import { actorOf, type Auditor } from '../audit';
import { throttleKeys } from './throttle';
import { confirmSetup, startSetup } from './two-factor';
import { findUserById, toSessionUser, type UserWithPermissions } from './users';
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { assertMaySignIn, checkSecondFactor, completeSignIn, throttled } from './sign-in';

/**
 * The second step of a sign-in (issue 13): the password step answered a challenge; with it, a code signs
 * the user in, or, where two-factor is required and the user has none, an authenticator is set up and
 * confirmed, which signs them in too.
 */
export function registerTwoFactorSignInRoutes(route: Route, ctx: ServerContext): void {
  /** The challenge's user, as long as nothing since (a logout, a password change, a disabled account) voids it. */
  const challenged = async (
    challenge: string,
    step: TwoFactorStep,
    audit: Auditor,
  ): Promise<UserWithPermissions> => {
    const expired = new HttpError(401, TWO_FACTOR_TEXTS.challengeExpired);
    const claims = await ctx.challenges.verify(challenge, step);
    if (!claims) throw expired;
    const found = await findUserById(ctx.db, claims.userId);
    if (!found) throw expired;
    audit.note({ actor: actorOf(toSessionUser(found)), resourceId: found.user.id });
    const validAfter = found.user.tokensValidAfter?.getTime();
    if (validAfter !== undefined && claims.issuedAtMs < validAfter) throw expired;
    if (found.user.status !== 'active') throw new HttpError(403, ERRORS.accountDisabled);
    await assertMaySignIn(ctx, found);
    return found;
  };

  route(authEndpoints.twoFactorVerify, async ({ body, request, audit }) => {
    const found = await challenged(body.challenge, 'code', audit);
    await checkSecondFactor(ctx, request, found, body.code);
    return completeSignIn(ctx, found, audit, { details: { secondFactor: true } });
  });

  route(authEndpoints.twoFactorEnrolment, async ({ body, audit }) => {
    const found = await challenged(body.challenge, 'enrol', audit);
    const { general } = (await ctx.settings.current()).settings;
    const setup = await startSetup(ctx.db, ctx.secrets, found.user, general.platformName);
    await audit.record(ctx.db, { details: { atSignIn: true } });
    return setup;
  });

  route(authEndpoints.twoFactorEnrolmentConfirm, async ({ body, request, audit }) => {
    const found = await challenged(body.challenge, 'enrol', audit);
    // Throttled as a sign-in: this code, too, is what stands between a password and a session.
    const recoveryCodes = await throttled(
      ctx,
      throttleKeys(found.user.email, request.ip),
      async () => {
        try {
          return await confirmSetup(
            ctx.db,
            ctx.secrets,
            found.user.id,
            body.code,
            ctx.config.now(),
            new HttpError(401, TWO_FACTOR_TEXTS.invalidCode),
          );
        } catch (error) {
          if (error instanceof HttpError && error.statusCode === 401) return undefined;
          throw error;
        }
      },
      true,
    );
    if (!recoveryCodes) throw new HttpError(401, TWO_FACTOR_TEXTS.invalidCode);
    const signedIn = await completeSignIn(ctx, found, audit, { details: { atSignIn: true } });
    return { ...signedIn, recoveryCodes };
  });
}
