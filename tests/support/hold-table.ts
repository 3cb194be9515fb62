import pg from 'pg';
import type { Database } from '../../server/db/client';

/**
 * Holds the audit table until the answered function is called, so that an audit search admitted meanwhile
 * stays in flight: PGlite's one connection inside a transaction, or a lock on PostgreSQL.
 */
export async function holdAuditLogs(database: Database): Promise<() => Promise<void>> {
  if (database.driver.kind === 'pglite') {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const done = database.driver.client.transaction(async () => {
      held();
      await released;
    });
    await holding;
    return async () => {
      release();
      await done;
    };
  }
  const client = new pg.Client({ connectionString: database.driver.url });
  await client.connect();
  await client.query('begin');
  await client.query('lock table audit_logs in access exclusive mode');
  return async () => {
    await client.query('rollback');
    await client.end();
  };
}
