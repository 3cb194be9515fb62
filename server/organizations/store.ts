/**
 * The organizations group's writes and lookups for its routes: the organization's settings, invitations and
 * memberships. The read models (lists, the organization, its statistics) are in queries.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { invites, memberships, organizations, users } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type InviteRow = typeof invites.$inferSelect;
/** What a new invitation is stored with (its id and status are the database's defaults). */
export type NewInvite = Omit<typeof invites.$inferInsert, 'id' | 'status'>;
/** The organization's fields its settings may change. */
export type OrganizationChanges = Partial<
  Pick<typeof organizations.$inferInsert, 'name' | 'companyName' | 'primaryColor' | 'secondaryColor'>
>;
type MemberRole = (typeof memberships.$inferInsert)['role'];

export async function updateOrganization(
  tx: Tx,
  organizationId: string,
  changes: OrganizationChanges,
): Promise<void> {
  await tx.update(organizations).set(changes).where(eq(organizations.id, organizationId));
}

/** The organization's name, if it exists. */
export async function findOrganizationName(db: Db, organizationId: string): Promise<string | undefined> {
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return organization?.name;
}

/** The membership in the organization of the user with this (normalized) email, if any. */
export async function findMembershipByEmail(
  db: Db,
  organizationId: string,
  email: string,
): Promise<{ id: string } | undefined> {
  const [existing] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(users.email, email)));
  return existing;
}

export async function insertInvite(tx: Tx, values: NewInvite): Promise<InviteRow> {
  const [row] = await tx.insert(invites).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function setMemberRole(
  tx: Tx,
  organizationId: string,
  userId: string,
  role: MemberRole,
): Promise<void> {
  await tx
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}

export async function deleteMembership(tx: Tx, organizationId: string, userId: string): Promise<void> {
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
}
