/**
 * The audit trail as a tamper-evident record: append-only in the database, a hash chain whose check names
 * the first edited, removed or reordered record, a retention job that removes whole days and records it,
 * concurrent writers appending in turn, and the server-side search with filters, sorting and keyset pages,
 * scoped by audit.read and by organization.
 */
import { asc, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AuditLog, AuditPage, AuditVerification } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { appendAuditRecord, sealLegacyAuditRecords, verifyAuditChain } from '../../../../server/audit/chain';
import { auditConditions } from '../../../../server/audit/query';
import { purgeExpiredAuditDays } from '../../../../server/audit/retention';
import { auditLogs } from '../../../../server/db/schema';
import { seedAuditTrail } from '../../../../server/seed/audit';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('audit chain and search on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  let admin: string;

  /** Runs SQL with the append-only trigger off (as a superuser could): the tamperer of these tests. */
  async function tamper(...statements: ReturnType<typeof sql>[]) {
    await suite.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const statement of statements) await tx.execute(statement);
    });
  }

  async function get<T>(url: string, token = admin, org?: string) {
    const response = await call(suite.app, {
      method: 'GET',
      url,
      headers: { ...bearer(token), ...(org ? { 'x-organization-id': org } : {}) },
    });
    return { status: response.status, body: response.body, data: response.body.data as T };
  }

  const verify = async () => (await get<AuditVerification>('/audit-logs/verify')).data;

  beforeAll(async () => {
    admin = (await insertUser(suite.database, 'super_admin')).id;
    admin = await tokenFor(suite.database, clock, admin);
  });
  beforeEach(async () => {
    await tamper(sql`delete from audit_logs`);
  });

  describe('append-only', () => {
    beforeEach(async () => {
      await seedAuditTrail(suite.database.db, { count: 3, start: new Date(clock.now()), stepMs: 1000 });
    });

    it('refuses UPDATE, DELETE and TRUNCATE on the table', async () => {
      await expect(suite.database.db.execute(sql`update audit_logs set resource = 'x'`)).rejects.toThrow();
      await expect(suite.database.db.execute(sql`delete from audit_logs`)).rejects.toThrow();
      await expect(suite.database.db.execute(sql`truncate audit_logs`)).rejects.toThrow();
      const rows = await suite.database.db.select().from(auditLogs);
      expect(rows).toHaveLength(3);
      expect(rows.every((r) => r.resource !== 'x')).toBe(true);
    });

    it('refuses a deletion that names a cutoff which is not a UTC midnight, or rows after it', async () => {
      await expect(
        suite.database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('audit.retention_before', '2099-01-01T10:00:00Z', true)`);
          await tx.execute(sql`delete from audit_logs`);
        }),
      ).rejects.toThrow();
      await expect(
        suite.database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('audit.retention_before', '2000-01-01T00:00:00Z', true)`);
          await tx.execute(sql`delete from audit_logs`);
        }),
      ).rejects.toThrow();
      expect(await suite.database.db.select().from(auditLogs)).toHaveLength(3);
    });
  });

  describe('hash chain', () => {
    beforeEach(async () => {
      await seedAuditTrail(suite.database.db, { count: 10, start: new Date(clock.now()), stepMs: 1000 });
    });

    const ordered = () => suite.database.db.select().from(auditLogs).orderBy(asc(auditLogs.seq));

    it('an intact chain is valid and answers its head', async () => {
      const rows = await ordered();
      const result = await verify();
      expect(result).toMatchObject({ valid: true, checked: 10, firstBroken: null });
      expect(result.head).toMatchObject({ id: rows[9]!.id, seq: 10, hash: rows[9]!.hash });
    });

    it('names an edited record', async () => {
      const rows = await ordered();
      await tamper(sql`update audit_logs set user_name = 'Mallory' where id = ${rows[4]!.id}`);
      expect((await verify()).firstBroken).toMatchObject({ id: rows[4]!.id, seq: 5, reason: 'altered' });
      expect((await verify()).valid).toBe(false);
    });

    it('names an edited details object and an edited timestamp', async () => {
      const rows = await ordered();
      await tamper(sql`update audit_logs set details = '{"note":"other"}' where id = ${rows[7]!.id}`);
      await tamper(
        sql`update audit_logs set timestamp = timestamp + interval '1 ms' where id = ${rows[2]!.id}`,
      );
      expect((await verify()).firstBroken).toMatchObject({ id: rows[2]!.id, reason: 'altered' });
    });

    it('names the record after a deleted one', async () => {
      const rows = await ordered();
      await tamper(sql`delete from audit_logs where id = ${rows[3]!.id}`);
      const result = await verify();
      expect(result.firstBroken).toMatchObject({ id: rows[4]!.id, seq: 5, reason: 'gap' });
      expect(result.checked).toBe(3);
    });

    it('names reordered records', async () => {
      const rows = await ordered();
      await tamper(
        sql`update audit_logs set seq = -1 where id = ${rows[5]!.id}`,
        sql`update audit_logs set seq = 6 where id = ${rows[6]!.id}`,
        sql`update audit_logs set seq = 7 where id = ${rows[5]!.id}`,
      );
      expect((await verify()).firstBroken).toMatchObject({ id: rows[6]!.id, seq: 6, reason: 'altered' });
    });

    it('names a chain whose start was cut without the retention job', async () => {
      const rows = await ordered();
      await tamper(sql`delete from audit_logs where seq <= 2`);
      expect((await verify()).firstBroken).toMatchObject({ id: rows[2]!.id, reason: 'startMissing' });
    });

    it('the head lets an administrator prove records were cut from the end', async () => {
      const before = (await verify()).head;
      await tamper(sql`delete from audit_logs where seq >= 9`);
      const after = await verify();
      expect(after.valid).toBe(true);
      expect(after.head?.seq).toBe(8);
      expect(after.head?.hash).not.toBe(before?.hash);
    });
  });

  it('concurrent writers append in turn: seq 1..n without gap and a valid chain', async () => {
    const writes = Array.from({ length: 24 }, (_, i) =>
      appendAuditRecord(suite.database.db, {
        id: crypto.randomUUID(),
        organizationId: null,
        userId: null,
        userName: `writer ${i}`,
        userEmail: null,
        action: 'UPDATE',
        resource: 'test',
        resourceId: null,
        details: { i, nested: { b: 1, a: [1, 'x'] } },
        timestamp: new Date(clock.now()),
        ipAddress: null,
        userAgent: null,
        status: 'success',
        severity: 'low',
      }),
    );
    await Promise.all(writes);
    const seqs = (await suite.database.db.select({ seq: auditLogs.seq }).from(auditLogs)).map((r) => r.seq);
    expect(seqs.sort((a, b) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(await verifyAuditChain(suite.database.db)).toMatchObject({ valid: true, checked: 24 });
  });

  it('concurrent audited requests each add one chained record', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call(suite.app, {
          method: 'POST',
          url: '/roles',
          headers: bearer(admin),
          payload: { name: `Concurrent ${i} ${crypto.randomUUID().slice(0, 6)}` },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await verify()).toMatchObject({ valid: true, checked: 8 });
  });

  it('records written before the chain are sealed in order at start, once, and chain on', async () => {
    await seedAuditTrail(suite.database.db, { count: 3, start: new Date(clock.now()), stepMs: 1000 });
    // As migration 0003 leaves older records: a seq, no hashes.
    await tamper(sql`update audit_logs set hash = '', prev_hash = ''`);
    expect((await verifyAuditChain(suite.database.db)).valid).toBe(false);
    expect(await sealLegacyAuditRecords(suite.database.db)).toBe(3);
    expect(await sealLegacyAuditRecords(suite.database.db)).toBe(0);
    await seedAuditTrail(suite.database.db, {
      count: 2,
      start: new Date(clock.now()),
      stepMs: 1000,
      seed: 3,
    });
    expect(await verifyAuditChain(suite.database.db)).toMatchObject({ valid: true, checked: 5 });
    // Sealed records are as append-only as any.
    await expect(suite.database.db.execute(sql`update audit_logs set hash = ''`)).rejects.toThrow();
  });

  describe('retention', () => {
    it('removes whole UTC days past retention, records it, and the chain stays valid', async () => {
      const now = Date.parse('2026-03-10T15:00:00.000Z');
      // 6 days of records, 4 a day, starting 2026-03-02T00:00Z.
      await seedAuditTrail(suite.database.db, {
        count: 24,
        start: new Date('2026-03-02T00:00:00.000Z'),
        stepMs: 6 * 3_600_000,
      });
      const result = await purgeExpiredAuditDays(suite.database.db, { now, retentionDays: 5 });
      // Cutoff: midnight of 2026-03-05; the days 03-02, 03-03 and 03-04 go.
      expect(result).toEqual({ removed: 12, before: '2026-03-05T00:00:00.000Z' });
      const rows = await suite.database.db.select().from(auditLogs).orderBy(asc(auditLogs.seq));
      expect(rows[0]!.timestamp.toISOString()).toBe('2026-03-05T00:00:00.000Z');
      const record = rows.at(-1)!;
      expect(record).toMatchObject({ action: 'DELETE', resource: 'audit_logs', userName: 'system' });
      expect(record.details).toMatchObject({ removed: 12, removedThroughSeq: 12, retentionDays: 5 });
      expect(await verifyAuditChain(suite.database.db)).toMatchObject({ valid: true, checked: 13 });
      expect(await purgeExpiredAuditDays(suite.database.db, { now, retentionDays: 5 })).toMatchObject({
        removed: 0,
      });
    });

    it('with every record expired, the retention record starts the chain', async () => {
      await seedAuditTrail(suite.database.db, {
        count: 5,
        start: new Date('2025-01-01T00:00:00Z'),
        stepMs: 1000,
      });
      await purgeExpiredAuditDays(suite.database.db, { now: clock.now(), retentionDays: 30 });
      const result = await verifyAuditChain(suite.database.db);
      expect(result).toMatchObject({ valid: true, checked: 1 });
      expect(result.head?.seq).toBe(6);
    });
  });

  describe('GET /audit-logs', () => {
    let all: AuditLog[];

    async function page(query: string, token = admin, org?: string) {
      return get<AuditPage>(`/audit-logs?${query}`, token, org);
    }

    async function walk(query: string, limit: number): Promise<AuditLog[]> {
      const seen: AuditLog[] = [];
      let cursor: string | null = null;
      do {
        const { data, status }: { data: AuditPage; status: number } = await page(
          `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        );
        expect(status).toBe(200);
        seen.push(...data.items);
        cursor = data.nextCursor;
      } while (cursor);
      return seen;
    }

    beforeEach(async () => {
      await seedAuditTrail(suite.database.db, {
        count: 120,
        start: new Date('2026-03-01T00:00:00.000Z'),
        stepMs: 60_000,
        organizationIds: [f.orgA, f.orgB],
        seed: 7,
      });
      all = await walk('sort=timestamp&order=asc', 1000);
    });

    it('keyset pages cover every record once, in order, for each sort and direction', async () => {
      expect(all).toHaveLength(120);
      for (const sort of ['timestamp', 'user', 'action'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          const rows = await walk(`sort=${sort}&order=${order}`, 7);
          expect(rows).toHaveLength(120);
          expect(new Set(rows.map((r) => r.id)).size).toBe(120);
          const key = (r: AuditLog) =>
            sort === 'timestamp'
              ? [r.timestamp, r.seq]
              : sort === 'user'
                ? [r.userName ?? '', r.seq]
                : [r.action, r.timestamp, r.seq];
          for (let i = 1; i < rows.length; i++) {
            const cmp = compareKeys(key(rows[i - 1]!), key(rows[i]!));
            expect(order === 'asc' ? cmp : -cmp).toBeLessThan(0);
          }
        }
      }
    });

    it('filters by action, status, severity and date range, with the total on the first page', async () => {
      const expected = all.filter(
        (r) =>
          r.action === 'UPDATE' &&
          r.status === 'success' &&
          r.timestamp >= '2026-03-01T00:30:00.000Z' &&
          r.timestamp <= '2026-03-01T01:30:00.000Z',
      );
      const q = 'action=UPDATE&status=success&from=2026-03-01T00:30:00.000Z&to=2026-03-01T01:30:00.000Z';
      const first = await page(`${q}&sort=timestamp&order=asc&limit=2&withTotal=true`);
      expect(first.data.total).toBe(expected.length);
      expect((await page(`${q}&limit=2`)).data.total).toBeNull();
      const next = await page(
        `${q}&limit=2&withTotal=true&cursor=${encodeURIComponent(first.data.nextCursor!)}`,
      );
      expect(next.data.total).toBeNull();
      const rows = await walk(`${q}&sort=timestamp&order=asc`, 2);
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      const critical = await walk('severity=critical', 50);
      expect(critical.length).toBe(all.filter((r) => r.severity === 'critical').length);
      expect(critical.every((r) => r.severity === 'critical')).toBe(true);
    });

    it('searches case-insensitively over user, action, resource and details; % is literal', async () => {
      const byUser = await walk('search=bLaKe', 500);
      expect(byUser.length).toBe(all.filter((r) => r.userName === 'Blake Owner').length);
      const visit = all.find((r) => typeof r.details.attendanceId === 'string')!;
      const byDetails = await walk(`search=${String(visit.details.attendanceId).toUpperCase()}`, 500);
      expect(byDetails.map((r) => r.seq)).toEqual([visit.seq]);
      expect((await walk('search=%25', 500)).length).toBe(0);
      expect(
        (await walk('search=login', 500)).every(
          (r) => r.action === 'LOGIN' || /login/i.test(JSON.stringify(r)),
        ),
      ).toBe(true);
    });

    it('matches any field value: address, user agent, resource id, record and user ids, status, severity', async () => {
      const probe = await appendAuditRecord(suite.database.db, {
        id: crypto.randomUUID(),
        organizationId: null,
        userId: crypto.randomUUID(),
        userName: 'Probe Person',
        userEmail: null,
        action: 'EXPORT',
        resource: 'report',
        resourceId: 'rpt-Quartz-42',
        details: {},
        timestamp: new Date('2026-03-01T03:00:00.000Z'),
        ipAddress: '203.0.113.77',
        userAgent: 'Mozilla/5.0 (X11; ProbeBrowser/9.1)',
        status: 'warning',
        severity: 'critical',
      });
      for (const value of [
        '203.0.113.77',
        'probebrowser/9',
        'RPT-quartz',
        probe.id.slice(0, 13),
        probe.userId!.toUpperCase(),
      ]) {
        const rows = await walk(`search=${encodeURIComponent(value)}`, 500);
        expect(
          rows.map((r) => r.id),
          value,
        ).toEqual([probe.id]);
      }
      const everything = [...all, { ...probe, timestamp: probe.timestamp.toISOString() }];
      for (const value of ['warning', 'CRITICAL']) {
        const rows = await walk(`search=${value}`, 50);
        const exact = everything.filter(
          (r) => r.status === value.toLowerCase() || r.severity === value.toLowerCase(),
        );
        expect(exact.length, value).toBeGreaterThan(0);
        expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(exact.map((r) => r.id)));
        const text = (r: AuditLog) => JSON.stringify(r).toLowerCase();
        expect(rows.every((r) => text(r).includes(value.toLowerCase()))).toBe(true);
      }
      // Fields do not run into each other: the user's name and the next field's start are not one value.
      expect(await walk(`search=${encodeURIComponent('Person EXPORT')}`, 50)).toEqual([]);
    });

    it('searches through the trigram index: the search expression is the indexed one', async () => {
      const plan = await suite.database.db.transaction(async (tx) => {
        // A table this small is read whole; without that choice the index is the only way left.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const result = (await tx.execute(
          sql`explain select id from audit_logs where ${auditConditions({ search: '203.0.113.77' })}`,
        )) as { rows: Record<string, string>[] };
        return result.rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan).toContain('audit_logs_search');
    });

    it('narrows to one organization named in X-Organization-Id; a non-member is refused', async () => {
      const rows = (await page('limit=1000', admin, f.orgA)).data.items;
      expect(rows.length).toBe(all.filter((r) => r.organizationId === f.orgA).length);
      expect(rows.every((r) => r.organizationId === f.orgA)).toBe(true);
      const platform = await tokenFor(
        suite.database,
        clock,
        (await insertUser(suite.database, 'super_admin')).id,
      );
      expect((await page('limit=5', platform, f.orgA)).status).toBe(200);
      const unknown = await page('limit=5', admin, crypto.randomUUID());
      expect([unknown.status, unknown.body.error]).toEqual([404, ERRORS.organizationNotFound]);
    });

    it('needs audit.read: an organization owner without it is refused', async () => {
      const refused = await page('limit=5', f.a.owner.token, f.orgA);
      expect([refused.status, refused.body.error]).toEqual([
        403,
        formatError(ERRORS.forbidden, { permission: 'audit.read' }),
      ]);
      expect((await get('/audit-logs/verify', f.a.owner.token)).status).toBe(403);
    });

    it('refuses a forged cursor and bad filters with 400', async () => {
      expect((await page('cursor=not-a-cursor')).status).toBe(400);
      const forged = Buffer.from(JSON.stringify(['x', 'y', 'z'])).toString('base64url');
      expect((await page(`sort=timestamp&cursor=${forged}`)).status).toBe(400);
      expect((await page('action=DESTROY')).status).toBe(400);
      expect((await page('limit=5000')).status).toBe(400);
    });
  });
});

function compareKeys(a: (string | number)[], b: (string | number)[]): number {
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return 0;
}
