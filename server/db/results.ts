/**
 * Raw SQL's results on either driver: PGlite answers `{ rows, affectedRows }`, node-postgres
 * `{ rows, rowCount }`. Where a query builder does not fit (catalog reads, set-based statements), these
 * are the one way to read what a statement answered.
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs raw SQL on either driver and answers its rows (numbers cast to float8/int in the SQL). */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Runs a raw INSERT, UPDATE or DELETE on either driver and answers how many rows it touched. */
export async function affectedRows(db: Db, statement: SQL): Promise<number> {
  const result = (await db.execute(statement)) as unknown as {
    affectedRows?: number;
    rowCount?: number | null;
  };
  return Number(result.affectedRows ?? result.rowCount ?? 0);
}
