import { eq, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api';
import type { Db } from '../db/client';
import { rolePermissions, users, type UserRow } from '../db/schema';

export interface UserWithPermissions {
  user: UserRow;
  /** The permissions of the user's role, sorted. */
  permissions: string[];
}

/** One user and the permissions of its role, in one query. */
async function findUser(db: Db, where: SQL): Promise<UserWithPermissions | undefined> {
  const rows = await db
    .select({ user: users, permissionId: rolePermissions.permissionId })
    .from(users)
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, users.role))
    .where(where);
  const first = rows[0];
  if (!first) return undefined;
  const permissions = rows.flatMap((r) => (r.permissionId ? [r.permissionId] : [])).sort();
  return { user: first.user, permissions };
}

export const findUserById = (db: Db, id: string) => findUser(db, eq(users.id, id));

export const findUserByEmail = (db: Db, email: string) =>
  findUser(db, eq(users.email, normalizeEmail(email)));

/** Emails are stored and compared lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function toSessionUser({
  user,
  permissions,
}: {
  user: Pick<UserRow, 'id' | 'email' | 'name' | 'role'>;
  permissions: string[];
}): SessionUser {
  return { userId: user.id, email: user.email, name: user.name, role: user.role, permissions };
}

/** The row's id is a uuid column: anything else would make PostgreSQL raise rather than find nothing. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
