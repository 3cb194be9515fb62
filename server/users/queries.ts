import { and, asc, count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { PlatformUser, UserStats } from '../../shared/api/users';
import { roleLabel } from '../../shared/users';
import type { Db } from '../db/client';
import { organizations, rolePermissions, roles, userTwoFactor, users } from '../db/schema';

const iso = (d: Date) => d.toISOString();

/** Platform users as the users screen shows them, with their role's permissions; never a password hash. */
export async function listPlatformUsers(db: Db, where?: SQL): Promise<PlatformUser[]> {
  const rows = await db
    .select({
      user: {
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        status: users.status,
        lastLoginAt: users.lastLoginAt,
        createdAt: users.createdAt,
        phone: users.phone,
        location: users.location,
      },
      roleName: roles.name,
      isSystemRole: roles.isSystemRole,
      centerId: organizations.id,
      centerName: organizations.name,
      twoFactorAt: userTwoFactor.confirmedAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .leftJoin(organizations, eq(organizations.id, users.centerId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(where)
    .orderBy(asc(users.name), asc(users.id));
  const roleIds = [...new Set(rows.map((r) => r.user.role))];
  const granted =
    roleIds.length === 0
      ? []
      : await db
          .select({ roleId: rolePermissions.roleId, permissionId: rolePermissions.permissionId })
          .from(rolePermissions)
          .where(inArray(rolePermissions.roleId, roleIds));
  const byRole = new Map<string, string[]>();
  for (const g of granted) byRole.set(g.roleId, [...(byRole.get(g.roleId) ?? []), g.permissionId]);

  return rows.map(({ user, roleName, isSystemRole, centerId, centerName, twoFactorAt }) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    roleName: roleLabel(user.role, roleName),
    isSystemRole,
    center: centerId && centerName ? { id: centerId, name: centerName } : null,
    status: user.status,
    lastLogin: user.lastLoginAt ? iso(user.lastLoginAt) : null,
    joinDate: iso(user.createdAt),
    phone: user.phone,
    location: user.location,
    permissions: (byRole.get(user.role) ?? []).sort(),
    twoFactorEnabled: twoFactorAt !== null,
  }));
}

export async function loadPlatformUser(db: Db, userId: string): Promise<PlatformUser | undefined> {
  const [found] = await listPlatformUsers(db, eq(users.id, userId));
  return found;
}

/** The KPI cards and the role distribution (part 2 §2–§3); "this month" is the UTC calendar month. */
export async function userStats(db: Db, now: number): Promise<UserStats> {
  const date = new Date(now);
  const monthStart = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const [totals] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${users.status} = 'active')::int`,
      newThisMonth: sql<number>`count(*) filter (where ${gte(users.createdAt, monthStart)})::int`,
    })
    .from(users);
  const byRole = await db
    .select({ role: users.role, roleName: roles.name, count: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role))
    .groupBy(users.role, roles.name)
    .orderBy(sql`count(*) desc`, asc(users.role));
  const countOf = (role: string) => byRole.find((r) => r.role === role)?.count ?? 0;
  return {
    total: totals?.total ?? 0,
    active: totals?.active ?? 0,
    newThisMonth: totals?.newThisMonth ?? 0,
    centerAdmins: countOf('center_admin'),
    educators: countOf('teacher'),
    byRole: byRole.map((r) => ({ ...r, roleName: roleLabel(r.role, r.roleName) })),
  };
}

/** Active super admins other than `userId`, their rows locked until the transaction ends (see guards). */
export async function otherActiveSuperAdmins(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'super_admin'), eq(users.status, 'active')))
    .for('update');
  return rows.filter((r) => r.id !== userId).length;
}
