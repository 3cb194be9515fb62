import { accountEndpoints, userEndpoints } from '../../shared/api';
import { TWO_FACTOR_TEXTS } from '../../shared/two-factor';
import { assertHeld, permissionsOfRole } from '../auth/held';
import { endSessions } from '../auth/store';
import { confirmSetup, removeEnrolment, startSetup, twoFactorStatus } from '../auth/two-factor';
import type { ServerContext } from '../context';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { findUserRow } from '../users/guards';

/** The signed-in user's own two-factor sign-in, and an administrator's reset (issue 13). */
export function registerTwoFactorRoutes(route: Route, ctx: ServerContext): void {
  const required = async () => (await ctx.settings.current()).settings.security.twoFactorRequired;

  route(accountEndpoints.twoFactorStatus, async ({ session }) =>
    twoFactorStatus(ctx.db, session().userId, await required()),
  );

  route(accountEndpoints.setupTwoFactor, async ({ session, audit }) => {
    const { userId, email } = session();
    const { general } = (await ctx.settings.current()).settings;
    const setup = await startSetup(ctx.db, ctx.secrets, { id: userId, email }, general.platformName);
    await audit.record(ctx.db, { resourceId: userId });
    return setup;
  });

  route(accountEndpoints.confirmTwoFactor, async ({ body, session, audit }) => {
    const { userId } = session();
    audit.note({ resourceId: userId });
    // A wrong code is a 400 here, never a 401: that would end the session of someone who mistyped.
    const recoveryCodes = await confirmSetup(ctx.db, ctx.secrets, userId, body.code, ctx.config.now());
    await audit.record(ctx.db, { resourceId: userId });
    return { recoveryCodes };
  });

  route(userEndpoints.resetTwoFactor, async ({ params, audit, session }) => {
    const user = await findUserRow(ctx.db, params.userId);
    audit.note({ details: { email: user.email } });
    // Issue 25: only over someone holding no more than the caller (no ladder through their sign-in).
    assertHeld(session(), await permissionsOfRole(ctx.db, user.role));
    const at = new Date(ctx.config.now());
    await ctx.db.transaction(async (tx) => {
      if (!(await removeEnrolment(tx, user.id))) throw new HttpError(409, TWO_FACTOR_TEXTS.notEnrolled);
      // Their sessions end with the authenticator: the next sign-in asks for a new one where required.
      await endSessions(tx, user.id, at);
      await audit.record(tx, { details: { email: user.email } });
    });
    return { reset: true as const };
  });
}
