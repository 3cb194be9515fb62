import { randomUUID } from 'node:crypto';
import { userEndpoints, type PlatformUser } from '../../shared/api';
import { ERRORS } from '../../shared/errors';
import { USER_TEXTS, centerMemberRole } from '../../shared/users';
import { assertHeld, permissionsOfRole } from '../auth/held';
import { DUMMY_PASSWORD_HASH } from '../auth/password';
import { normalizeEmail } from '../auth/users';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import {
  assertNotLastSuperAdmin,
  assertNotSelf,
  assertRoleExists,
  assertSeatAvailable,
  findCenter,
  findUserRow,
  isMember,
  userNotFound,
} from './guards';
import { deliverOneTimeLink, issueOneTimeToken } from './one-time-links';
import { listPlatformUsers, loadPlatformUser, userStats } from './queries';
import { insertMembership, insertUser, setUserStatus, updateUser } from './store';
import { registerAcceptanceRoute } from './acceptance-routes';

/** Platform users (issue 13): the users screen's calls, each behind users.manage and audited. */
export function registerUserRoutes(route: Route, ctx: ServerContext): void {
  const now = () => ctx.config.now();
  const reload = async (id: string): Promise<PlatformUser> => {
    const found = await loadPlatformUser(ctx.db, id);
    if (!found) throw userNotFound();
    return found;
  };
  /** Gives the user a membership in the center, if they have none there, within the plan's limit. */
  const joinCenter = async (db: Db, centerId: string, user: { id: string; role: string }) => {
    if (await isMember(db, centerId, user.id)) return;
    await assertSeatAvailable(db, centerId, now());
    await insertMembership(db, {
      organizationId: centerId,
      userId: user.id,
      role: centerMemberRole(user.role),
      joinedAt: new Date(now()),
    });
  };

  route(userEndpoints.listUsers, async () => listPlatformUsers(ctx.db));

  route(userEndpoints.userStats, async () => userStats(ctx.db, now()));

  route(userEndpoints.createUser, async ({ body, session, audit }) => {
    const email = normalizeEmail(body.email);
    audit.note({ details: { email, role: body.role, centerId: body.centerId } });
    const caller = session();
    await assertRoleExists(ctx.db, body.role);
    assertHeld(caller, await permissionsOfRole(ctx.db, body.role));
    if (body.centerId !== null) await findCenter(ctx.db, body.centerId);

    const id = randomUUID();
    const at = new Date(now());
    let issued;
    try {
      issued = await ctx.db.transaction(async (tx) => {
        // Pending, with no password anyone knows: nothing derives to the dummy hash's all-zero key.
        await insertUser(tx, {
          id,
          email,
          name: body.name,
          passwordHash: DUMMY_PASSWORD_HASH,
          status: 'pending',
          role: body.role,
          centerId: body.centerId,
          phone: body.phone,
          location: body.location,
          createdAt: at,
          updatedAt: at,
        });
        if (body.centerId !== null) await joinCenter(tx, body.centerId, { id, role: body.role });
        const link = await issueOneTimeToken(tx, {
          userId: id,
          kind: 'invitation',
          createdBy: caller.userId,
          now: now(),
        });
        await audit.record(tx, { resourceId: id });
        await ctx.webhooks.emit(
          'user.created',
          { userId: id, email, name: body.name, role: body.role, centerId: body.centerId },
          null,
          tx,
        );
        return link;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, ERRORS.emailTaken);
      throw error;
    }
    const invitation = await deliverOneTimeLink(ctx, {
      email,
      name: body.name,
      kind: 'invitation',
      ...issued,
    });
    return { user: await reload(id), invitation };
  });

  route(userEndpoints.updateUser, async ({ params, body, session, audit }) => {
    const target = await findUserRow(ctx.db, params.userId);
    const caller = session();
    // Never act on someone holding more than the editor, nor give more than the editor holds.
    assertHeld(caller, await permissionsOfRole(ctx.db, target.role));
    const roleChanges = body.role !== undefined && body.role !== target.role;
    if (body.role !== undefined && roleChanges) {
      await assertRoleExists(ctx.db, body.role);
      assertHeld(caller, await permissionsOfRole(ctx.db, body.role));
    }
    if (body.centerId) await findCenter(ctx.db, body.centerId);

    const changes: Partial<Record<keyof typeof body, { from: unknown; to: unknown }>> = {};
    for (const key of Object.keys(body) as (keyof typeof body)[]) {
      const from = target[key];
      if (body[key] !== undefined && body[key] !== from) changes[key] = { from, to: body[key] };
    }
    audit.note({ details: { changes } });
    await ctx.db.transaction(async (tx) => {
      if (roleChanges && body.role !== 'super_admin') await assertNotLastSuperAdmin(tx, target);
      if (body.centerId && body.centerId !== target.centerId) {
        await joinCenter(tx, body.centerId, { id: target.id, role: body.role ?? target.role });
      }
      if (Object.keys(changes).length > 0) {
        await updateUser(tx, target.id, { ...body, updatedAt: new Date(now()) });
      }
      await audit.record(tx);
      if (roleChanges)
        await ctx.webhooks.emit(
          'role.changed',
          { userId: target.id, from: target.role, to: body.role },
          null,
          tx,
        );
    });
    return reload(target.id);
  });

  route(userEndpoints.setUserStatus, async ({ params, body, session, audit }) => {
    const target = await findUserRow(ctx.db, params.userId);
    audit.note({ details: { from: target.status, to: body.status } });
    const caller = session();
    assertHeld(caller, await permissionsOfRole(ctx.db, target.role));
    const leaving = body.status !== 'active';
    if (leaving) assertNotSelf(caller, target);
    // A pending account becomes active only through its invitation: that is where its password is set.
    if (!leaving && target.status === 'pending') {
      throw new HttpError(409, USER_TEXTS.pendingActivation);
    }
    const at = new Date(now());
    await ctx.db.transaction(async (tx) => {
      if (leaving) await assertNotLastSuperAdmin(tx, target);
      await setUserStatus(tx, target.id, { status: body.status, at, revokeTokens: leaving });
      await audit.record(tx);
      if (body.status === 'suspended' && target.status !== 'suspended')
        await ctx.webhooks.emit('user.suspended', { userId: target.id, email: target.email }, null, tx);
    });
    return reload(target.id);
  });

  route(userEndpoints.resetUserPassword, async ({ params, session, audit }) => {
    const target = await findUserRow(ctx.db, params.userId);
    const caller = session();
    assertHeld(caller, await permissionsOfRole(ctx.db, target.role));
    // A pending user's new link is a new invitation: using it activates the account.
    const kind = target.status === 'pending' ? 'invitation' : 'reset';
    audit.note({ details: { kind } });
    const issued = await ctx.db.transaction(async (tx) => {
      const link = await issueOneTimeToken(tx, {
        userId: target.id,
        kind,
        createdBy: caller.userId,
        now: now(),
      });
      await audit.record(tx);
      return link;
    });
    return deliverOneTimeLink(ctx, { email: target.email, name: target.name, kind, ...issued });
  });

  registerAcceptanceRoute(route, ctx);
}
