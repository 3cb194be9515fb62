import { listTables } from '../../../../server/backups/catalogue';
import { RowChecksum } from '../../../../server/backups/checksum';
import { quoteIdent, withCopySession } from '../../../../server/backups/session';
import type { Database } from '../../../../server/db/client';

/**
 * Every table's row count and checksum, read independently of any archive. The rows read are held to the
 * table's count(*): a reader that missed rows (PGlite's page-range reader once read a partitioned table
 * as empty) would make "before" and "after" agree on nothing.
 */
export async function tableChecksums(
  database: Database,
): Promise<Map<string, { rows: number; checksum: string }>> {
  return withCopySession(database, 'snapshot', async (session) => {
    const result = new Map<string, { rows: number; checksum: string }>();
    for (const table of await listTables(session)) {
      const checksum = new RowChecksum();
      for await (const chunk of session.copyOut(table.name, table.columns)) checksum.update(chunk);
      const [counted] = await session.query<{ n: number }>(
        `select count(*)::int as n from ${quoteIdent(table.name)}`,
      );
      if (checksum.rows !== counted?.n)
        throw new Error(`${table.name}: ${checksum.rows} rows read of the ${counted?.n} it holds`);
      result.set(table.name, { rows: checksum.rows, checksum: checksum.digest() });
    }
    return result;
  });
}
