/**
 * Crash safety (issue 27, item 5): the server as a real child process, killed with SIGKILL three times
 * at random moments while roles, users, audit records, exports, backups, report generations and webhook
 * deliveries are being written; after each restart the data opens, the audit chain verifies and every
 * acknowledged write is there exactly once; nothing is doubled (tests/support/kill-loop.ts). On PGlite
 * (a data folder) and, with TEST_DATABASE_URL, on PostgreSQL. 50 kills per engine: bench/kill-loop.ts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, type EmptyDatabase } from '../../support/databases';
import { runKillLoop, type KillLoopEngine, type KillLoopResult } from '../../support/kill-loop';

const KILLS = 3;
const adminUrl = process.env.TEST_DATABASE_URL || undefined;
const engines: KillLoopEngine[] = adminUrl ? ['pglite', 'postgres'] : ['pglite'];

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'console-kill-loop-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe.each(engines)('the server killed and restarted on %s', { timeout: 600_000 }, (engine) => {
  it(`opens after each of ${KILLS} kills, the audit chain verifies, nothing acknowledged is lost or doubled`, async () => {
    let database: EmptyDatabase | undefined;
    let result: KillLoopResult;
    try {
      if (engine === 'postgres') database = await createPostgresDatabase(adminUrl!);
      result = await runKillLoop({
        engine,
        kills: KILLS,
        workDir: path.join(work, engine),
        // Deliveries a kill cut short wait for their lease (about a minute): counted, not awaited here.
        drainMs: 5_000,
        log: (line) => console.log(line),
        ...(database ? { databaseUrl: database.url } : {}),
      });
    } finally {
      await database?.drop();
    }
    expect(result.problems).toEqual([]);
    expect(result.kills).toBe(KILLS);
    expect(result.restartsOpened).toBe(KILLS);
    expect(result.lost).toEqual([]);
    expect(result.duplicates).toEqual([]);
    expect(result.auditFailures).toEqual([]);
    expect(result.auditChecks).toBe(KILLS + 1);
    // The loop wrote something of each kind it can always write between kills.
    expect(result.acknowledged.role + result.acknowledged.user).toBeGreaterThan(0);
  });
});
