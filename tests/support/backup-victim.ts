/**
 * A server on a PGlite data folder that starts a backup and is killed while it writes: the backup test
 * kills it with SIGKILL once the archive's `.part` file exists (this process stops itself there, so the
 * archive stays half written), then starts a server on the same folder.
 *   node --import tsx tests/support/backup-victim.ts <data folder> <rows>
 * Prints `writing <run id>` when the `.part` file is there.
 */
import { sql } from 'drizzle-orm';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { quietBackupService, startFolderServer } from './backups';

const [dataFolder, rows] = process.argv.slice(2);
if (!dataFolder || !rows) throw new Error('usage: backup-victim.ts <data folder> <rows>');
await mkdir(dataFolder, { recursive: true });
const server = await startFolderServer(dataFolder);
// Enough rows that the archive is still being written when the poll below sees its .part file (with
// 10,000 it lives ~0.1 s, polled every 5 ms).
await server.database.db.execute(sql`
  insert into audit_logs (action, resource, resource_id, details, "timestamp", status, severity, seq, prev_hash, hash)
  select 'UPDATE', 'child', g::text, jsonb_build_object('field', 'name', 'n', g, 'pad', repeat('x', 200)),
         now(), 'success', 'low', g, '', ''
    from generate_series(1, ${Number(rows)}) g`);
// The server's own backup service is the route's; one of our own on the same database writes the same way.
const service = await quietBackupService({ database: server.database, dataFolder, now: Date.now });
const { runId } = await service.start({ trigger: 'manual' });
const backups = path.join(dataFolder, 'backups');
for (;;) {
  if ((await readdir(backups)).some((name) => name.endsWith('.part'))) break;
  await new Promise((resolve) => setTimeout(resolve, 5));
}
process.stdout.write(`writing ${runId}\n`);
// Frozen here until the kill: the archive's writing runs on this thread too, so it cannot end (and rename
// its .part file) before the test's SIGKILL arrives, however long that takes on a busy machine.
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
