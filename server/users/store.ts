import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invites, memberships, users, type UserRow } from '../db/schema';

export type NewUser = typeof users.$inferInsert;
export type NewMembership = typeof memberships.$inferInsert;
export type InviteRow = typeof invites.$inferSelect;

export async function insertUser(db: Db, values: NewUser): Promise<void> {
  await db.insert(users).values(values);
}

export async function updateUser(db: Db, userId: string, changes: Partial<NewUser>): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export async function setUserStatus(
  db: Db,
  userId: string,
  change: { status: UserRow['status']; at: Date; revokeTokens: boolean },
): Promise<void> {
  const { status, at, revokeTokens } = change;
  await db
    .update(users)
    // Leaving 'active' revokes every token issued so far: the user's console is signed out at its next call.
    .set({ status, updatedAt: at, ...(revokeTokens ? { tokensValidAfter: at } : {}) })
    .where(eq(users.id, userId));
}

/** Sets the password a one-time link was used for; an invitation's also activates the account. */
export async function setPasswordFromLink(
  db: Db,
  userId: string,
  change: { passwordHash: string; at: Date; activate: boolean },
): Promise<void> {
  const { passwordHash, at, activate } = change;
  await db
    .update(users)
    .set({
      passwordHash,
      // A reset ends every session; an invitation has none yet.
      tokensValidAfter: at,
      updatedAt: at,
      ...(activate ? { status: 'active' as const } : {}),
    })
    .where(eq(users.id, userId));
}

export async function insertMembership(db: Db, values: NewMembership): Promise<void> {
  await db.insert(memberships).values(values);
}

/** The organization invitation whose token has this sha256, whatever its state. */
export async function findInviteByTokenHash(db: Db, tokenHash: string): Promise<InviteRow | undefined> {
  const [invite] = await db.select().from(invites).where(eq(invites.tokenHash, tokenHash));
  return invite;
}

/** Marks a pending invitation accepted; answers false when it no longer was (once, even under a race). */
export async function markInviteAccepted(db: Db, inviteId: string): Promise<boolean> {
  const accepted = await db
    .update(invites)
    .set({ status: 'accepted' })
    .where(and(eq(invites.id, inviteId), eq(invites.status, 'pending')))
    .returning({ id: invites.id });
  return accepted.length > 0;
}
