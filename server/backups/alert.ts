import { insertAlert } from '../alerts/store';
import type { Db } from '../db/client';

/**
 * The one place a backup raises an alert (a failed restore test): today's banner alert store. The
 * alerting work replaces the alert model; switching this function is all a change there needs.
 */
export async function raiseBackupAlert(db: Db, at: Date, title: string, message: string): Promise<void> {
  await insertAlert(
    db,
    {
      title,
      message: message.slice(0, 1000),
      type: 'error',
      priority: 'high',
      category: 'technical',
      metadata: {},
    },
    at,
  );
}
