/** The roles group's SQL: roles and their grants, the users' platform roles, and the centers' lookups. */
import { and, count, eq, sql } from 'drizzle-orm';
import type { Role } from '../../shared/api';
import { PERMISSIONS, SYSTEM_ROLE_IDS } from '../../shared/permissions';
import type { Db } from '../db/client';
import { memberships, organizations, rolePermissions, roles, users } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a new role is stored with. */
export type NewRole = typeof roles.$inferInsert;
/** What an update of a custom role writes. */
export type RoleChanges = Partial<Pick<NewRole, 'name' | 'description'>> & { updatedAt: Date };

const SYSTEM_ORDER = new Map<string, number>(SYSTEM_ROLE_IDS.map((id, i) => [id, i]));
const CATALOGUE_ORDER = new Map<string, number>(PERMISSIONS.map((p, i) => [p.id, i]));
const byCatalogue = (a: string, b: string) => (CATALOGUE_ORDER.get(a) ?? 0) - (CATALOGUE_ORDER.get(b) ?? 0);

/** Every role, or one, with its permissions (catalogue order) and the number of users holding it. */
export async function loadRoles(db: Db, id?: string): Promise<Role[]> {
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

/** The role of this id, if there is one. */
export async function findRoleById(db: Db, id: string): Promise<{ id: string } | undefined> {
  const [found] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, id));
  return found;
}

/** The role of this name, ignoring case, if there is one. */
export async function findRoleByName(db: Db, name: string): Promise<{ id: string } | undefined> {
  const [clash] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(sql`lower(${roles.name}) = lower(${name})`);
  return clash;
}

export async function insertRole(tx: Tx, values: NewRole): Promise<void> {
  await tx.insert(roles).values(values);
}

/** Grants the role its first permissions (none: nothing to write). */
export async function insertGrants(tx: Tx, roleId: string, permissionIds: string[]): Promise<void> {
  if (permissionIds.length > 0) {
    await tx.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId, permissionId })));
  }
}

/** Changes a role, unless it is a system role. */
export async function updateCustomRole(tx: Tx, id: string, changes: RoleChanges): Promise<void> {
  await tx
    .update(roles)
    .set(changes)
    .where(and(eq(roles.id, id), eq(roles.isSystemRole, false)));
}

/** Deletes a role, unless it is a system role. */
export async function deleteCustomRole(tx: Tx, id: string): Promise<void> {
  // Its grants go with it (ON DELETE CASCADE).
  await tx.delete(roles).where(and(eq(roles.id, id), eq(roles.isSystemRole, false)));
}

/** The number of users holding the role. */
export async function countRoleHolders(db: Db, roleId: string): Promise<number> {
  const [holders] = await db.select({ n: count() }).from(users).where(eq(users.role, roleId));
  return holders?.n ?? 0;
}

/** Grants a permission to a role (already granted: nothing changes). */
export async function grantPermission(tx: Tx, roleId: string, permissionId: string): Promise<void> {
  await tx.insert(rolePermissions).values({ roleId, permissionId }).onConflictDoNothing();
}

export async function revokePermission(tx: Tx, roleId: string, permissionId: string): Promise<void> {
  await tx
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)));
}

/** Touches updated_at of a role whose permissions changed. */
export async function touchRole(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(roles).set({ updatedAt: at }).where(eq(roles.id, id));
}

/** A user and the id of their platform role, if the user exists. */
export async function findUserRole(
  db: Db,
  userId: string,
): Promise<{ id: string; role: string } | undefined> {
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, userId));
  return user;
}

/** The platform role (id and name) of a user, if the user exists. */
export async function findUserRoleName(
  db: Db,
  userId: string,
): Promise<{ roleId: string; roleName: string } | undefined> {
  const [user] = await db
    .select({ roleId: roles.id, roleName: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .where(eq(users.id, userId));
  return user;
}

export async function setUserRole(tx: Tx, userId: string, roleId: string, at: Date): Promise<void> {
  await tx.update(users).set({ role: roleId, updatedAt: at }).where(eq(users.id, userId));
}

/** Every center (organization), by name. */
export const listCenters = (db: Db) =>
  db
    .select({
      id: organizations.id,
      name: organizations.name,
      plan: organizations.plan,
      status: organizations.status,
    })
    .from(organizations)
    .orderBy(organizations.name, organizations.id);

/** A center, if it exists, with the status of the user's membership of it (null: not a member). */
export async function findCenterMembership(db: Db, centerId: string, userId: string) {
  const [org] = await db
    .select({ id: organizations.id, membership: memberships.status })
    .from(organizations)
    .leftJoin(
      memberships,
      and(eq(memberships.organizationId, organizations.id), eq(memberships.userId, userId)),
    )
    .where(eq(organizations.id, centerId));
  return org;
}
