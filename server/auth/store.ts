import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';

/** A round trip to the database: throws when it does not answer. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Revokes every token issued to the user so far: their sessions end at their next call. */
export async function endSessions(db: Db, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ tokensValidAfter: at, updatedAt: at }).where(eq(users.id, userId));
}

/** A new password, and the end of every session issued with the old one. */
export async function changePassword(db: Db, userId: string, passwordHash: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, tokensValidAfter: at, updatedAt: at })
    .where(eq(users.id, userId));
}
