import { count, eq, like } from 'drizzle-orm';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoAnchor, reportFiles, reports, roles, serverSecrets, users } from '../../../../server/db/schema';
import { createLogger } from '../../../../server/logger';
import { DEMO_USERS } from '../../../../server/seed/demo-users';
import { startServer, type RunningServer } from '../../../../server/start';
import { demoSnapshotFile, emptySnapshotFile } from '../../../support/demo-snapshot';

const quiet = createLogger({ level: 'silent' });
/** Each test starts two or three whole servers: ~10 s each on a quiet machine, a minute on a loaded one. */
const START_TIMEOUT_MS = 240_000;

describe('the demo database snapshot a first start loads', () => {
  let work: string;
  let snapshotFile: string;
  const started: RunningServer[] = [];

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'console-snapshot-'));
    // The run's one demo snapshot (made by the first suite that asks, from the sources under test).
    snapshotFile = await demoSnapshotFile();
  });
  // Each test's servers stop with it: left running, each did its background work (the jobs, the demo's
  // reports 20 s after its start) through the tests after it.
  afterEach(async () => {
    await Promise.all(started.splice(0).map((s) => s.close()));
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  /** A demo start; its reports are rendered only where a test asks for them (a delay, not null). */
  const start = async (dir: string, demoReportsDelayMs: number | null = null) => {
    const server = await startServer({
      dataDir: path.join(work, dir),
      demoSnapshotFile: snapshotFile,
      logger: quiet,
      config: { demoReportsDelayMs },
    });
    started.push(server);
    return server;
  };

  it(
    'starts a new data directory with the demo accounts, and each install makes its own signing secret',
    async () => {
      const a = await start('a');
      const b = await start('b');
      for (const server of [a, b]) {
        const [row] = await server.database.db
          .select({ n: count() })
          .from(users)
          .where(like(users.email, '%@demo.example'));
        expect(row?.n).toBe(DEMO_USERS.length);
      }
      const secretOf = async (s: RunningServer) =>
        (await s.database.db.select().from(serverSecrets))[0]?.value;
      expect(await secretOf(a)).toBeTruthy();
      expect(await secretOf(a)).not.toBe(await secretOf(b));
      const login = await fetch(`${a.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.example', password: 'demo-Console-2026' }),
      });
      expect(login.status).toBe(200);
    },
    START_TIMEOUT_MS,
  );

  it(
    'is not loaded over an existing database, nor when demo data is refused',
    async () => {
      const first = await start('c');
      await first.database.db
        .update(users)
        .set({ name: 'Kept across restarts' })
        .where(eq(users.email, 'admin@demo.example'));
      await first.close();
      const again = await start('c');
      const [row] = await again.database.db.select().from(users).where(eq(users.email, 'admin@demo.example'));
      // The database was kept, not replaced by the snapshot's copy.
      expect(row?.name).toBe('Kept across restarts');
      const none = await startServer({
        dataDir: path.join(work, 'd'),
        demoSnapshotFile: snapshotFile,
        seedDemo: false,
        logger: quiet,
      });
      started.push(none);
      const [empty] = await none.database.db.select({ n: count() }).from(users);
      expect(empty?.n).toBe(0);
    },
    START_TIMEOUT_MS,
  );

  it(
    'without the demo, starts a new data directory from the empty snapshot: migrated, no data, its own secret',
    async () => {
      const emptyFile = await emptySnapshotFile();
      const server = await startServer({
        dataDir: path.join(work, 'h'),
        emptySnapshotFile: emptyFile,
        seedDemo: false,
        logger: quiet,
      });
      started.push(server);
      // Extracted, not made by initdb and the migrations from nothing.
      expect(Object.keys(server.startup)).toContain('extract empty snapshot');
      expect((await server.database.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
      expect((await server.database.db.select({ n: count() }).from(roles))[0]?.n).toBeGreaterThan(0);
      expect((await server.database.db.select().from(serverSecrets))[0]?.value).toBeTruthy();
      await server.close();
      // The next start opens the folder as it is.
      const again = await startServer({
        dataDir: path.join(work, 'h'),
        emptySnapshotFile: emptyFile,
        seedDemo: false,
        logger: quiet,
      });
      started.push(again);
      expect(Object.keys(again.startup)).not.toContain('extract empty snapshot');
      // Without the file (sources not built), initdb makes the database, as before.
      const unbuilt = await startServer({
        dataDir: path.join(work, 'i'),
        emptySnapshotFile: path.join(work, 'no-such-snapshot.tar.gz'),
        seedDemo: false,
        logger: quiet,
      });
      started.push(unbuilt);
      expect(Object.keys(unbuilt.startup)).not.toContain('extract empty snapshot');
      expect((await unbuilt.database.db.select({ n: count() }).from(roles))[0]?.n).toBeGreaterThan(0);
    },
    START_TIMEOUT_MS,
  );

  it(
    "moves the demo to a first start a year after the build: the spec's picture, and a chain that verifies",
    async () => {
      const later = Date.now() + 365 * 86_400_000;
      const server = await startServer({
        dataDir: path.join(work, 'e'),
        demoSnapshotFile: snapshotFile,
        logger: quiet,
        config: { now: () => later, demoReportsDelayMs: 0 },
      });
      started.push(server);
      const [anchor] = await server.database.db.select().from(demoAnchor);
      expect(anchor?.anchoredAt?.getTime()).toBe(later);
      const login = await fetch(`${server.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.example', password: 'demo-Console-2026' }),
      });
      const { data } = (await login.json()) as { data: { token: string } };
      const get = async (url: string) =>
        (
          (await (
            await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${data.token}` } })
          ).json()) as {
            data: unknown;
          }
        ).data;
      expect(await get('/cost/budgets')).toMatchObject([
        { monthlyLimit: 2200, spent: 1870, usedPercent: 85 },
      ]);
      expect(await get('/cost/score?period=30d')).toMatchObject({ score: 72 });
      // The first start generates the demo's reports, each audited (seed/reports.ts): once they are done,
      // the demo's 1,500 records, the sign-in just made and one record per report.
      const demoReports = await server.database.db.select({ id: reports.id }).from(reports);
      expect(demoReports.length).toBeGreaterThan(0);
      await vi.waitFor(
        async () => {
          const statuses = await server.database.db
            .select({ status: reports.status, pending: reports.generateOnStart })
            .from(reports);
          expect(statuses.every((r) => r.status === 'active' && !r.pending)).toBe(true);
        },
        { timeout: 60_000, interval: 250 },
      );
      expect(await get('/audit-logs/verify')).toMatchObject({
        valid: true,
        checked: 1_501 + demoReports.length,
      });
      // A first start that moves the demo rewrites every date once: slower than one on build day.
    },
    START_TIMEOUT_MS,
  );

  it(
    'renders the demo reports a while after it answers, not meanwhile; stopped before, the next start renders them',
    async () => {
      const pending = async (server: RunningServer) =>
        (await server.database.db.select({ pending: reports.generateOnStart }).from(reports)).filter(
          (r) => r.pending,
        ).length;
      const first = await start('f', 60_000);
      const seeded = (await first.database.db.select({ id: reports.id }).from(reports)).length;
      expect(seeded).toBeGreaterThan(0);
      // Answering, with none of them taken yet: a sign-in does not wait behind a PDF.
      const login = await fetch(`${first.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.example', password: 'demo-Console-2026' }),
      });
      expect(login.status).toBe(200);
      expect(await pending(first)).toBe(seeded);
      expect(await first.database.db.select({ id: reportFiles.id }).from(reportFiles)).toEqual([]);
      await first.close();

      const second = await start('f', 0);
      await vi.waitFor(
        async () => {
          expect(await pending(second)).toBe(0);
          const statuses = await second.database.db.select({ status: reports.status }).from(reports);
          expect(statuses.every((r) => r.status === 'active')).toBe(true);
        },
        { timeout: 60_000, interval: 250 },
      );
      expect(await second.database.db.select({ id: reportFiles.id }).from(reportFiles)).toHaveLength(seeded);

      // Off by configuration (CONSOLE_DEMO_REPORTS=off: the e2e hosts): a server answering for a while has
      // rendered none of them, which stay waiting for a start that renders them.
      const off = await start('g', null);
      await off.settled;
      await setTimeout(1_000);
      expect(await pending(off)).toBe(seeded);
      expect(await off.database.db.select({ id: reportFiles.id }).from(reportFiles)).toEqual([]);
    },
    START_TIMEOUT_MS,
  );
});
