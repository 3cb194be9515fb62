import { randomUUID } from 'node:crypto';
import { and, count, countDistinct, eq, gte, sql } from 'drizzle-orm';
import { roleEndpoints, type Role } from '../../shared/api';
import { ERRORS, formatError } from '../../shared/errors';
import { PERMISSIONS, SYSTEM_ROLE_IDS, isPermissionId } from '../../shared/permissions';
import { assertHeld, permissionsOfRole } from '../auth/held';
import { isUuid } from '../auth/users';
import type { ServerContext } from '../context';
import type { Db } from '../db/client';
import {
  attendance,
  children,
  memberships,
  organizations,
  rolePermissions,
  roles,
  users,
} from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { HttpError } from '../http/errors';
import type { Route } from '../http/router';
import { organizationNotFound } from '../organizations/context';
import { activeMemberCount } from '../organizations/queries';
import { utcDate } from '../childcare/routes';

const DAY_MS = 86_400_000;

const roleNotFound = () => new HttpError(404, ERRORS.roleNotFound);
const permissionNotFound = (status = 400) => new HttpError(status, ERRORS.permissionNotFound);
const systemRoleImmutable = () => new HttpError(400, ERRORS.systemRoleImmutable);
const nameTaken = () => new HttpError(409, ERRORS.roleNameTaken);

const SYSTEM_ORDER = new Map<string, number>(SYSTEM_ROLE_IDS.map((id, i) => [id, i]));
const CATALOGUE_ORDER = new Map<string, number>(PERMISSIONS.map((p, i) => [p.id, i]));
const byCatalogue = (a: string, b: string) => (CATALOGUE_ORDER.get(a) ?? 0) - (CATALOGUE_ORDER.get(b) ?? 0);

/** Every role, or one, with its permissions (catalogue order) and the number of users holding it. */
async function loadRoles(db: Db, id?: string): Promise<Role[]> {
  const where = id === undefined ? undefined : eq(roles.id, id);
  const [rows, grants, holders] = await Promise.all([
    db.select().from(roles).where(where),
    db
      .select()
      .from(rolePermissions)
      .where(id === undefined ? undefined : eq(rolePermissions.roleId, id)),
    db
      .select({ roleId: users.role, n: count() })
      .from(users)
      .where(id === undefined ? undefined : eq(users.role, id))
      .groupBy(users.role),
  ]);
  const permissionsOf = new Map<string, string[]>();
  for (const g of grants)
    permissionsOf.set(g.roleId, [...(permissionsOf.get(g.roleId) ?? []), g.permissionId]);
  const countOf = new Map(holders.map((h) => [h.roleId, h.n]));
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      permissions: (permissionsOf.get(row.id) ?? []).sort(byCatalogue),
      isSystemRole: row.isSystemRole,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      userCount: countOf.get(row.id) ?? 0,
    }))
    .sort((a, b) => {
      const sa = SYSTEM_ORDER.get(a.id) ?? Infinity;
      const sb = SYSTEM_ORDER.get(b.id) ?? Infinity;
      return sa !== sb ? sa - sb : a.name.localeCompare(b.name) || a.id.localeCompare(b.id);
    });
}

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
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
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

/** Touches updated_at of a role whose permissions changed. */
const touch = (db: Db, id: string, at: Date) =>
  db.update(roles).set({ updatedAt: at }).where(eq(roles.id, id));

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
        await tx.insert(roles).values({
          id,
          name: body.name,
          description: body.description ?? '',
          isSystemRole: false,
          createdAt: at,
          updatedAt: at,
        });
        if (permissionIds.length > 0) {
          await tx
            .insert(rolePermissions)
            .values(permissionIds.map((permissionId) => ({ roleId: id, permissionId })));
        }
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
        await tx
          .update(roles)
          .set({
            ...(body.name !== undefined ? { name: body.name } : {}),
            ...(body.description !== undefined ? { description: body.description } : {}),
            updatedAt: now(),
          })
          .where(and(eq(roles.id, current.id), eq(roles.isSystemRole, false)));
        await audit.record(tx, { details: { previousName: current.name } });
      }),
    );
    return findRole(ctx.db, current.id);
  });

  route(roleEndpoints.deleteRole, async ({ params, audit }) => {
    const current = await findCustomRole(ctx.db, params.id);
    audit.note({ details: { name: current.name } });
    await ctx.db.transaction(async (tx) => {
      const [holders] = await tx.select({ n: count() }).from(users).where(eq(users.role, current.id));
      const n = holders?.n ?? 0;
      if (n > 0) throw new HttpError(409, formatError(ERRORS.roleInUse, { count: n }));
      // Its grants go with it (ON DELETE CASCADE).
      await tx.delete(roles).where(and(eq(roles.id, current.id), eq(roles.isSystemRole, false)));
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
      await tx
        .insert(rolePermissions)
        .values({ roleId: current.id, permissionId: body.permissionId })
        .onConflictDoNothing();
      await touch(tx, current.id, now());
      await audit.record(tx);
    });
    return findRole(ctx.db, current.id);
  });

  route(roleEndpoints.revokePermission, async ({ params, audit }) => {
    audit.note({ details: { change: 'revoke', permissionId: params.permissionId } });
    const current = await findCustomRole(ctx.db, params.id);
    if (!isPermissionId(params.permissionId)) throw permissionNotFound(404);
    await ctx.db.transaction(async (tx) => {
      await tx
        .delete(rolePermissions)
        .where(
          and(eq(rolePermissions.roleId, current.id), eq(rolePermissions.permissionId, params.permissionId)),
        );
      await touch(tx, current.id, now());
      await audit.record(tx);
    });
    return findRole(ctx.db, current.id);
  });

  route(roleEndpoints.assignUserRole, async ({ params, body, audit, session }) => {
    audit.note({ details: { roleId: body.roleId } });
    if (!isUuid(params.userId)) throw new HttpError(404, ERRORS.userNotFound);
    const [user] = await ctx.db
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.id, params.userId));
    if (!user) throw new HttpError(404, ERRORS.userNotFound);
    const [target] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.id, body.roleId));
    if (!target) throw new HttpError(400, ERRORS.roleNotFound);
    // Neither a promotion beyond the caller's own permissions nor a demotion of someone holding more.
    const [given, taken] = await Promise.all([
      permissionsOfRole(ctx.db, target.id),
      permissionsOfRole(ctx.db, user.role),
    ]);
    assertHeld(session(), [...given, ...taken]);
    // Tokens are kept: permissions are read from the database on every request.
    await ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ role: target.id, updatedAt: now() }).where(eq(users.id, user.id));
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
    const [user] = await ctx.db
      .select({ roleId: roles.id, roleName: roles.name })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.role))
      .where(eq(users.id, params.userId));
    if (!user) throw notFound();
    const granted = await ctx.db
      .select({ permissionId: rolePermissions.permissionId })
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, user.roleId));
    const held = new Set(granted.map((g) => g.permissionId));
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

  route(roleEndpoints.listCenters, async () =>
    ctx.db
      .select({
        id: organizations.id,
        name: organizations.name,
        plan: organizations.plan,
        status: organizations.status,
      })
      .from(organizations)
      .orderBy(organizations.name, organizations.id),
  );

  route(roleEndpoints.centerAnalytics, async ({ params, session }) => {
    const user = session();
    if (!isUuid(params.id)) throw organizationNotFound();
    const [org] = await ctx.db
      .select({ id: organizations.id, membership: memberships.status })
      .from(organizations)
      .leftJoin(
        memberships,
        and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, user.userId)),
      )
      .where(eq(organizations.id, params.id));
    if (!org) throw organizationNotFound();
    // A platform caller sees every center; anyone else only one they are an active member of.
    if (!user.permissions.includes('centers.view_all') && org.membership !== 'active') {
      throw new HttpError(403, ERRORS.notAMember);
    }
    const today = ctx.config.now();
    const since = utcDate(today - 29 * DAY_MS);
    const [[enrolled], [attended], members] = await Promise.all([
      ctx.db
        .select({ n: count() })
        .from(children)
        .where(and(eq(children.organizationId, org.id), eq(children.status, 'enrolled'))),
      ctx.db
        .select({ n: countDistinct(sql`(${attendance.childId}, ${attendance.date})`) })
        .from(attendance)
        .innerJoin(children, eq(children.id, attendance.childId))
        .where(
          and(
            eq(attendance.organizationId, org.id),
            gte(attendance.date, since),
            eq(children.status, 'enrolled'),
          ),
        ),
      activeMemberCount(ctx.db, org.id),
    ]);
    const childrenEnrolled = enrolled?.n ?? 0;
    const childDays = attended?.n ?? 0;
    const attendanceRate30d =
      childrenEnrolled === 0 ? 0 : Math.round((childDays / (childrenEnrolled * 30)) * 1000) / 10;
    return { organizationId: org.id, childrenEnrolled, attendanceRate30d, members };
  });
}
