import { desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { acquisitionSpend, cloudCosts } from '../db/schema';

export type AcquisitionSpendRow = typeof acquisitionSpend.$inferSelect;
export type NewCloudCost = typeof cloudCosts.$inferInsert;

/** Stores the daily amounts per service, each replacing the one of its day and service if any. */
export async function upsertCloudCosts(db: Db, values: NewCloudCost[]): Promise<void> {
  for (let i = 0; i < values.length; i += 1200) {
    await db
      .insert(cloudCosts)
      .values(values.slice(i, i + 1200))
      .onConflictDoUpdate({
        target: [cloudCosts.date, cloudCosts.service],
        set: { amountCents: sql`excluded.amount_cents` },
      });
  }
}

/** Every month's acquisition spend, the latest first. */
export async function listAcquisitionSpend(db: Db): Promise<AcquisitionSpendRow[]> {
  return db.select().from(acquisitionSpend).orderBy(desc(acquisitionSpend.month));
}

/** The month's spend in cents, if one was entered. `month`: its first day (YYYY-MM-01). */
export async function acquisitionSpendOf(db: Db, month: string): Promise<number | undefined> {
  const [previous] = await db
    .select({ amountCents: acquisitionSpend.amountCents })
    .from(acquisitionSpend)
    .where(sql`${acquisitionSpend.month} = ${month}`);
  return previous?.amountCents;
}

/** Enters or replaces the month's spend; answers the stored row. */
export async function saveAcquisitionSpend(
  db: Db,
  spend: { month: string; amountCents: number; at: Date; userId: string },
): Promise<AcquisitionSpendRow | undefined> {
  const { month, amountCents, at, userId } = spend;
  const [row] = await db
    .insert(acquisitionSpend)
    .values({ month, amountCents, updatedAt: at, updatedBy: userId })
    .onConflictDoUpdate({
      target: acquisitionSpend.month,
      set: { amountCents, updatedAt: at, updatedBy: userId },
    })
    .returning();
  return row;
}
