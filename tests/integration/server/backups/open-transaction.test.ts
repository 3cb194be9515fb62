/**
 * An incremental backup on PostgreSQL while another transaction holds an usage_events key it has not
 * committed yet: the snapshot sees a later key without it. The next archive must still take that row
 * once it commits, or a restore of the chain loses it for good.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createArchive, type BackupBase, type CreatedArchive } from '../../../../server/backups/backup';
import { generateX25519Identity, identityToRecipient } from '../../../../server/backups/crypto';
import { restoreArchives } from '../../../../server/backups/restore';
import type { Database } from '../../../../server/db/client';
import { usageEvents } from '../../../../server/db/schema';
import { testDatabases } from '../../../support/databases';
import { createClock } from '../../../support/server';
import { createTenantFixture } from '../../../support/tenancy';
import { tableChecksums } from './checksums';

const postgresTarget = testDatabases.find((t) => t.name === 'postgres');
const NOW = Date.parse('2026-03-02T09:00:00.000Z');

describe.runIf(postgresTarget)(
  'incremental backups and transactions still open (postgres)',
  { timeout: 300_000 },
  () => {
    let work: string;
    let identity: string;
    let recipient: string;
    let database: Database;
    let userId: string;
    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'console-backups-open-'));
      identity = await generateX25519Identity();
      recipient = await identityToRecipient(identity);
      database = await postgresTarget!.open();
      userId = (await createTenantFixture(database, createClock())).platformAdmin.id;
    });
    afterAll(async () => {
      await database?.close();
      await rm(work, { recursive: true, force: true });
    });

    const event = () => ({
      userId,
      sessionId: randomUUID(),
      kind: 'page_view' as const,
      path: '/dashboard',
      host: 'browser' as const,
      os: 'linux' as const,
      screen: 'large' as const,
      occurredAt: new Date(NOW),
      receivedAt: new Date(NOW),
    });
    const archive = (name: string, base?: { name: string; archive: CreatedArchive }) =>
      createArchive(database, {
        file: path.join(work, `${name}.gz.age`),
        recipient,
        compression: 'gzip',
        type: base ? 'incremental' : 'full',
        ...(base
          ? {
              base: {
                runId: base.name,
                fileName: `${base.name}.gz.age`,
                manifest: base.archive.manifest,
              } satisfies BackupBase,
            }
          : {}),
        now: NOW,
      });
    const usage = (made: CreatedArchive) => made.manifest.tables.find((t) => t.name === 'usage_events')!;

    it('takes a row committed after the backup that saw a later key, and the chain restores every row', async () => {
      if (database.driver.kind !== 'postgres') throw new Error('PostgreSQL only');
      await database.db.insert(usageEvents).values([event(), event()]);
      const full = await archive('full');

      // A transaction takes the next key and stays open; a later key commits meanwhile.
      const open = new pg.Client({ connectionString: database.driver.url });
      await open.connect();
      let held: number;
      try {
        await open.query('begin');
        const values = event();
        const inserted = await open.query<{ id: string }>(
          `insert into usage_events (user_id, session_id, kind, path, host, os, screen, occurred_at, received_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $8) returning id::text`,
          [
            values.userId,
            values.sessionId,
            values.kind,
            values.path,
            values.host,
            values.os,
            values.screen,
            values.occurredAt,
          ],
        );
        held = Number(inserted.rows[0]!.id);
        const [later] = await database.db.insert(usageEvents).values(event()).returning();
        expect(later!.id).toBe(held + 1);

        const first = await archive('incr-1', { name: 'full', archive: full });
        expect(usage(first)).toMatchObject({ rows: 1, lastKey: String(held + 1) });
        expect(usage(first).openKeys).toEqual([
          { from: String(held), to: String(held), xmax: expect.any(String) },
        ]);
        await open.query('commit');

        const second = await archive('incr-2', { name: 'incr-1', archive: first });
        // The held row, though below the last key the first incremental saw; nothing is open any more.
        expect(usage(second)).toMatchObject({ rows: 1, lastKey: String(held + 1) });
        expect(usage(second).openKeys).toBeUndefined();
        const source = await tableChecksums(database);
        expect(usage(second).expectedChecksum).toBe(source.get('usage_events')!.checksum);
        expect(usage(second).expectedRows).toBe(4);

        const fresh = await postgresTarget!.open();
        try {
          await restoreArchives(fresh, {
            files: ['full', 'incr-1', 'incr-2'].map((n) => path.join(work, `${n}.gz.age`)),
            identity,
          });
          expect(await tableChecksums(fresh)).toEqual(source);
        } finally {
          await fresh.close();
        }
      } finally {
        await open.query('rollback').catch(() => undefined);
        await open.end();
      }
    });

    it('forgets keys rolled back once no transaction open then can still add them', async () => {
      const before = await archive('before');
      const open = new pg.Client({
        connectionString: database.driver.kind === 'postgres' ? database.driver.url : '',
      });
      await open.connect();
      try {
        await open.query('begin');
        const values = event();
        await open.query(
          `insert into usage_events (user_id, session_id, kind, host, os, screen, occurred_at, received_at)
         values ($1, $2, $3, $4, $5, $6, $7, $7)`,
          [
            values.userId,
            values.sessionId,
            values.kind,
            values.host,
            values.os,
            values.screen,
            values.occurredAt,
          ],
        );
        await database.db.insert(usageEvents).values(event());
        const seen = await archive('while-open', { name: 'before', archive: before });
        expect(usage(seen).openKeys).toHaveLength(1);
        await open.query('rollback');
        // A later write; then wait until every transaction older than the snapshot that saw the gap has
        // ended — on a cluster shared with other suites, one of theirs may still hold the horizon back.
        await database.db.insert(usageEvents).values(event());
        const xmax = BigInt(usage(seen).openKeys?.[0]?.xmax ?? '0');
        await vi.waitFor(
          async () => {
            const { rows } = await open.query<{ xmin: string }>(
              'select pg_snapshot_xmin(pg_current_snapshot())::text as xmin',
            );
            expect(BigInt(rows[0]?.xmin ?? '0') > xmax).toBe(true);
          },
          { timeout: 30_000, interval: 100 },
        );
        const after = await archive('after-rollback', { name: 'while-open', archive: seen });
        expect(usage(after)).toMatchObject({ rows: 1 });
        expect(usage(after).openKeys).toBeUndefined();
      } finally {
        await open.end();
      }
    });
  },
);
