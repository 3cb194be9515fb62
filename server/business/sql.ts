import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Runs raw SQL on either driver and answers its rows (numbers cast to float8/int in the SQL). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** `and organization_id = …` when the figures are one organization's. */
export const orgFilter = (column: SQL, organizationId: string | null) =>
  organizationId === null ? sql`` : sql` and ${column} = ${organizationId}::uuid`;

export const ts = (ms: number) => new Date(ms).toISOString();
