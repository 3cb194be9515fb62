import { eq } from 'drizzle-orm';
import type { NotificationSettings } from '../../shared/alerting';
import type { Db } from '../db/client';
import { notificationPreferences } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A user's saved Notification Settings; undefined when they never saved any. */
export async function savedNotificationSettings(
  db: Db,
  userId: string,
): Promise<NotificationSettings | undefined> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row?.settings;
}

/** Inserts or replaces a user's Notification Settings. */
export async function saveNotificationSettings(
  tx: Tx,
  userId: string,
  settings: NotificationSettings,
  at: Date,
): Promise<void> {
  await tx
    .insert(notificationPreferences)
    .values({ userId, settings, updatedAt: at })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { settings, updatedAt: at } });
}
