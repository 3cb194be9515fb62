import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client';
import { quoteIdent } from './session';

/** The backup's own tables, parents first (archives leave them out: see catalogue.ts). */
const OWN_TABLES = ['backup_locations', 'backup_jobs', 'backup_runs', 'backup_restore_test'] as const;

/**
 * Replaces the backup's own records in `target` (a restored copy of the data folder, PGlite) with the
 * live database's: the jobs, locations and runs made while the restore ran are not forgotten.
 */
export async function copyBackupRecords(live: PGlite, target: Database): Promise<void> {
  if (target.driver.kind !== 'pglite') throw new Error('copyBackupRecords: a PGlite target only');
  const rows = new Map<string, Blob>();
  for (const table of OWN_TABLES) {
    const { blob } = await live.query(`copy ${quoteIdent(table)} to '/dev/blob'`);
    rows.set(table, blob ?? new Blob([]));
  }
  await target.driver.client.transaction(async (tx) => {
    // The runs refer to each other (an incremental's base): no per-row checks while they load.
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(`truncate ${OWN_TABLES.map(quoteIdent).join(', ')}`);
    for (const table of OWN_TABLES) {
      await tx.query(`copy ${quoteIdent(table)} from '/dev/blob'`, [], { blob: rows.get(table)! });
    }
  });
}
