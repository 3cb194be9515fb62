import { listTables } from '../../../../server/backups/catalogue';
import { RowChecksum } from '../../../../server/backups/checksum';
import { withCopySession } from '../../../../server/backups/session';
import type { Database } from '../../../../server/db/client';

/** Every table's row count and checksum, read independently of any archive. */
export async function tableChecksums(
  database: Database,
): Promise<Map<string, { rows: number; checksum: string }>> {
  return withCopySession(database, 'snapshot', async (session) => {
    const result = new Map<string, { rows: number; checksum: string }>();
    for (const table of await listTables(session)) {
      const checksum = new RowChecksum();
      for await (const chunk of session.copyOut(table.name, table.columns)) checksum.update(chunk);
      result.set(table.name, { rows: checksum.rows, checksum: checksum.digest() });
    }
    return result;
  });
}
