import { and, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../../shared/api';
import { ERRORS, formatError } from '../../shared/errors';
import { USER_TEXTS } from '../../shared/users';
import { isLimitReached } from '../../shared/tenancy';
import { isUuid } from '../auth/users';
import type { Db } from '../db/client';
import { invites, memberships, organizations, roles, users, type UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { otherActiveSuperAdmins } from './queries';

export const userNotFound = () => new HttpError(404, ERRORS.userNotFound);

export async function findUserRow(db: Db, userId: string): Promise<UserRow> {
  if (!isUuid(userId)) throw userNotFound();
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw userNotFound();
  return row;
}

export async function assertRoleExists(db: Db, roleId: string): Promise<void> {
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw new HttpError(400, ERRORS.roleNotFound);
}

export async function findCenter(db: Db, centerId: string): Promise<typeof organizations.$inferSelect> {
  const notFound = () => new HttpError(400, USER_TEXTS.centerNotFound);
  if (!isUuid(centerId)) throw notFound();
  const [center] = await db.select().from(organizations).where(eq(organizations.id, centerId));
  if (!center) throw notFound();
  return center;
}

/** "A user cannot deactivate themselves" (issue 13). */
export function assertNotSelf(caller: SessionUser, target: UserRow): void {
  if (caller.userId === target.id) throw new HttpError(403, USER_TEXTS.notYourself);
}

/**
 * Refuses to take the last active super admin out of that role or state. The active super admins' rows
 * are locked first, so two administrators demoting the last two at once cannot both succeed.
 */
export async function assertNotLastSuperAdmin(db: Db, target: UserRow): Promise<void> {
  if (target.role !== 'super_admin' || target.status !== 'active') return;
  if ((await otherActiveSuperAdmins(db, target.id)) === 0)
    throw new HttpError(409, USER_TEXTS.lastSuperAdmin);
}

/**
 * The plan's user limit (part 1 §6): active members and unexpired pending invitations take the seats.
 * The organization's row is locked first, so racing invitations cannot both take the last seat.
 */
export async function assertSeatAvailable(
  db: Db,
  organizationId: string,
  now: number,
  except: { inviteId?: string } = {},
): Promise<void> {
  const [org] = await db
    .select({ maxUsers: organizations.maxUsers })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  if (!org) throw new HttpError(404, ERRORS.organizationNotFound);
  const [members] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'active')));
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invites)
    .where(
      and(
        eq(invites.organizationId, organizationId),
        eq(invites.status, 'pending'),
        sql`${invites.expiresAt} > ${new Date(now).toISOString()}`,
        except.inviteId ? sql`${invites.id} <> ${except.inviteId}` : undefined,
      ),
    );
  const current = (members?.n ?? 0) + (pending?.n ?? 0);
  if (isLimitReached({ current, limit: org.maxUsers })) {
    throw new HttpError(409, formatError(USER_TEXTS.userLimitReached, { limit: org.maxUsers }));
  }
}

/** Whether the user is already a member of the organization. */
export async function isMember(db: Db, organizationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.userId, [userId])));
  return Boolean(row);
}
