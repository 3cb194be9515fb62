import { eq } from 'drizzle-orm';
import type { MaintenanceWindowInput } from '../../shared/alerting';
import type { Db } from '../db/client';
import { maintenanceWindows } from '../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type MaintenanceWindowRow = typeof maintenanceWindows.$inferSelect;

/** Every maintenance window, by name. */
export async function listMaintenanceWindows(db: Db): Promise<MaintenanceWindowRow[]> {
  return db.select().from(maintenanceWindows).orderBy(maintenanceWindows.name);
}

export async function insertMaintenanceWindow(
  tx: Tx,
  input: MaintenanceWindowInput,
  createdBy: string,
  at: Date,
): Promise<MaintenanceWindowRow> {
  const [w] = await tx
    .insert(maintenanceWindows)
    .values({ ...input, createdBy, createdAt: at })
    .returning();
  return w!;
}

/** The window deleted; undefined when there was none. */
export async function deleteMaintenanceWindow(tx: Tx, id: string): Promise<MaintenanceWindowRow | undefined> {
  const [w] = await tx.delete(maintenanceWindows).where(eq(maintenanceWindows.id, id)).returning();
  return w;
}
