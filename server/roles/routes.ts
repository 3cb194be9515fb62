import { randomUUID } from 'node:crypto';
import { roleEndpoints, type Role } from '../../shared/api';
import { ERRORS, formatError } from '../../shared/errors';
import { PERMISSIONS, isPermissionId } from '../../shared/permissions';
import { assertHeld, permissionsOfRole } from '../auth/held';
import { assertNotLastSuperAdmin, findUserRow } from '../users/guards';
import { isUuid } from '../auth/users';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { organizationNotFound } from '../organizations/context';
import { activeMemberCount } from '../organizations/queries';
import { utcDate } from '../childcare/routes';
import { countChildDaysSince, countEnrolledChildren } from '../childcare/store';
import {
  countRoleHolders,
  deleteCustomRole,
  findCenterMembership,
  findRoleById,
  findRoleByName,
  findUserRole,
  findUserRoleName,
  grantPermission,
  insertGrants,
  insertRole,
  listCenters,
  loadRoles,
  revokePermission,
  setUserRole,
  touchRole,
  updateCustomRole,
} from './store';

const DAY_MS = 86_400_000;

const roleNotFound = () => new HttpError(404, ERRORS.roleNotFound);
const permissionNotFound = (status = 400) => new HttpError(status, ERRORS.permissionNotFound);
const systemRoleImmutable = () => new HttpError(400, ERRORS.systemRoleImmutable);
const nameTaken = () => new HttpError(409, ERRORS.roleNameTaken);

async function findRole(db: Db, id: string): Promise<Role> {
  const [found] = await loadRoles(db, id);
  if (!found) throw roleNotFound();
  return found;
}

/** A custom role, for a change: unknown → 404, system → 400. */
async function findCustomRole(db: Db, id: string): Promise<Role> {
  const found = await findRole(db, id);
  if (found.isSystemRole) throw systemRoleImmutable();
  return found;
}

/** Role names are unique, ignoring case, across system and custom roles. */
async function assertNameFree(db: Db, name: string, exceptId?: string): Promise<void> {
  const clash = await findRoleByName(db, name);
  if (clash && clash.id !== exceptId) throw nameTaken();
}

/** A racing creation or rename that the unique index refused is a taken name too. */
async function nameGuarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** The role model (part 2 §6): catalogue, roles, a user's role and permissions, and the verification calls. */
export function registerRoleRoutes(route: Route, ctx: ServerContext): void {
  const now = () => new Date(ctx.config.now());

  route(roleEndpoints.listPermissions, async () => PERMISSIONS.map((p) => ({ ...p })));

  route(roleEndpoints.listRoles, async () => loadRoles(ctx.db));

  route(roleEndpoints.createRole, async ({ body, audit, session }) => {
    const permissionIds = [...new Set(body.permissions ?? [])];
    audit.note({ details: { name: body.name, permissions: permissionIds } });
    if (!permissionIds.every(isPermissionId)) throw permissionNotFound();
    assertHeld(session(), permissionIds);
    const id = randomUUID();
    await nameGuarded(() =>
      ctx.db.transaction(async (tx) => {
        await assertNameFree(tx, body.name);
        const at = now();
        await insertRole(tx, {
          id,
          name: body.name,
          description: body.description ?? '',
          isSystemRole: false,
          createdAt: at,
          updatedAt: at,
        });
        await insertGrants(tx, id, permissionIds);
        await audit.record(tx, { resourceId: id });
      }),
    );
    return findRole(ctx.db, id);
  });

  route(roleEndpoints.updateRole, async ({ params, body, audit }) => {
    audit.note({ details: { ...body } });
    const current = await findCustomRole(ctx.db, params.id);
    await nameGuarded(() =>
      ctx.db.transaction(async (tx) => {
        if (body.name !== undefined) await assertNameFree(tx, body.name, current.id);
        await updateCustomRole(tx, current.id, {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          updatedAt: now(),
        });
        await audit.record(tx, { details: { previousName: current.name } });
      }),
    );
    return findRole(ctx.db, current.id);
  });

  route(roleEndpoints.deleteRole, async ({ params, audit }) => {
    const current = await findCustomRole(ctx.db, params.id);
    audit.note({ details: { name: current.name } });
    await ctx.db.transaction(async (tx) => {
      const n = await countRoleHolders(tx, current.id);
      if (n > 0) throw new HttpError(409, formatError(ERRORS.roleInUse, { count: n }));
      await deleteCustomRole(tx, current.id);
      await audit.record(tx);
    });
    return { id: current.id, deleted: true as const };
  });

  route(roleEndpoints.grantPermission, async ({ params, body, audit, session }) => {
    audit.note({ details: { change: 'grant', permissionId: body.permissionId } });
    const current = await findCustomRole(ctx.db, params.id);
    if (!isPermissionId(body.permissionId)) throw permissionNotFound();
    assertHeld(session(), [body.permissionId]);
    await ctx.db.transaction(async (tx) => {
      await grantPermission(tx, current.id, body.permissionId);
      await touchRole(tx, current.id, now());
      await audit.record(tx);
    });
    return findRole(ctx.db, current.id);
  });

  route(roleEndpoints.revokePermission, async ({ params, audit, session }) => {
    audit.note({ details: { change: 'revoke', permissionId: params.permissionId } });
    const current = await findCustomRole(ctx.db, params.id);
    if (!isPermissionId(params.permissionId)) throw permissionNotFound(404);
    // Issue 25: only a caller holding everything the role holds may take from it (no ladder down either).
    assertHeld(session(), current.permissions);
    await ctx.db.transaction(async (tx) => {
      await revokePermission(tx, current.id, params.permissionId);
      await touchRole(tx, current.id, now());
      await audit.record(tx);
    });
    return findRole(ctx.db, current.id);
  });

  route(roleEndpoints.assignUserRole, async ({ params, body, audit, session }) => {
    audit.note({ details: { roleId: body.roleId } });
    if (!isUuid(params.userId)) throw new HttpError(404, ERRORS.userNotFound);
    const user = await findUserRole(ctx.db, params.userId);
    if (!user) throw new HttpError(404, ERRORS.userNotFound);
    const target = await findRoleById(ctx.db, body.roleId);
    if (!target) throw new HttpError(400, ERRORS.roleNotFound);
    // Neither a promotion beyond the caller's own permissions nor a demotion of someone holding more.
    const [given, taken] = await Promise.all([
      permissionsOfRole(ctx.db, target.id),
      permissionsOfRole(ctx.db, user.role),
    ]);
    assertHeld(session(), [...given, ...taken]);
    // Tokens are kept: permissions are read from the database on every request.
    await ctx.db.transaction(async (tx) => {
      // Issue 25: as the users screen does, the last active super admin keeps the role.
      if (target.id !== 'super_admin') await assertNotLastSuperAdmin(tx, await findUserRow(tx, user.id));
      await setUserRole(tx, user.id, target.id, now());
      await audit.record(tx, { details: { previousRoleId: user.role } });
      if (user.role !== target.id)
        await ctx.webhooks.emit(
          'role.changed',
          { userId: user.id, from: user.role, to: target.id },
          null,
          tx,
        );
    });
    return { userId: user.id, roleId: target.id };
  });

  route(roleEndpoints.userPermissions, async ({ params }) => {
    const notFound = () => new HttpError(404, ERRORS.userNotFound);
    if (!isUuid(params.userId)) throw notFound();
    const user = await findUserRoleName(ctx.db, params.userId);
    if (!user) throw notFound();
    const held = new Set(await permissionsOfRole(ctx.db, user.roleId));
    return PERMISSIONS.filter((p) => held.has(p.id)).map((p) => ({
      permission: { ...p },
      role: { id: user.roleId, name: user.roleName },
    }));
  });

  route(roleEndpoints.testRole, async ({ params }) => {
    const found = await findRole(ctx.db, params.id);
    const held = new Set(found.permissions);
    const results = PERMISSIONS.map((p) => ({ permission: p.id, granted: held.has(p.id) }));
    return {
      roleId: found.id,
      results,
      granted: results.filter((r) => r.granted).length,
      total: results.length,
    };
  });

  route(roleEndpoints.listCenters, async () => listCenters(ctx.db));

  route(roleEndpoints.centerAnalytics, async ({ params, session }) => {
    const user = session();
    if (!isUuid(params.id)) throw organizationNotFound();
    const org = await findCenterMembership(ctx.db, params.id, user.userId);
    if (!org) throw organizationNotFound();
    // A platform caller sees every center; anyone else only one they are an active member of.
    if (!user.permissions.includes('centers.view_all') && org.membership !== 'active') {
      throw new HttpError(403, ERRORS.notAMember);
    }
    const today = ctx.config.now();
    const since = utcDate(today - 29 * DAY_MS);
    const [childrenEnrolled, childDays, members] = await Promise.all([
      countEnrolledChildren(ctx.db, org.id),
      countChildDaysSince(ctx.db, org.id, since),
      activeMemberCount(ctx.db, org.id),
    ]);
    const attendanceRate30d =
      childrenEnrolled === 0 ? 0 : Math.round((childDays / (childrenEnrolled * 30)) * 1000) / 10;
    return { organizationId: org.id, childrenEnrolled, attendanceRate30d, members };
  });
}
