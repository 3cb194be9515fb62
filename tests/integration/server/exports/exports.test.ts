/**
 * Export jobs (part 2 §7): every type in both formats, streamed files whose rows match the job's count,
 * the audit CSV's columns, filters and frozen end, permission and organization scope, one audit record per
 * export, history and status of one's own jobs only, expiry after a day.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  EXPORT_FORMATS,
  EXPORT_TYPES,
  type AuditLog,
  type AuditPage,
  type ExportJob,
} from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { auditLogs, memberships, rolePermissions, roles, users } from '../../../../server/db/schema';
import { seedAuditTrail } from '../../../../server/seed/audit';
import { testDatabases } from '../../../support/databases';
import { bearer, call, insertUser, tokenFor } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

describe.each(testDatabases)('exports on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { clock, f } = suite;
  let admin: string;
  let adminId: string;

  const headers = (token: string, org?: string) => ({
    ...bearer(token),
    'user-agent': 'exports-test',
    ...(org ? { 'x-organization-id': org } : {}),
  });

  async function start(body: object, token = admin, org?: string) {
    const response = await call(suite.app, {
      method: 'POST',
      url: '/export',
      headers: headers(token, org),
      payload: body,
    });
    return { status: response.status, body: response.body, job: response.body.data as ExportJob };
  }

  async function download(url: string, token = admin) {
    const response = await suite.app.inject({ method: 'GET', url, headers: headers(token) });
    return { status: response.statusCode, text: response.body, headers: response.headers };
  }

  const csv = (text: string): Record<string, string>[] => parse(text, { columns: true });

  beforeAll(async () => {
    adminId = (await insertUser(suite.database, 'super_admin')).id;
    admin = await tokenFor(suite.database, clock, adminId);
    await seedAuditTrail(suite.database.db, {
      count: 300,
      start: new Date(clock.now() - 86_400_000),
      stepMs: 60_000,
      organizationIds: [f.orgA, f.orgB],
    });
  });

  describe.each(EXPORT_TYPES.flatMap((type) => EXPORT_FORMATS.map((format) => ({ type, format }))))(
    '$type as $format',
    ({ type, format }) => {
      it('starts a ready job whose streamed file holds its rows', async () => {
        const { status, job } = await start({ type, format });
        expect(status).toBe(200);
        expect(job).toMatchObject({ type, format, status: 'ready', fileName: `${type}-export.${format}` });
        expect(job.downloadUrl).toBe(`/export/${job.id}/download`);
        expect(job.rowCount).toBeGreaterThan(0);
        const file = await download(job.downloadUrl!);
        expect(file.status).toBe(200);
        expect(file.headers['content-disposition']).toBe(`attachment; filename="${type}-export.${format}"`);
        const rows = format === 'csv' ? csv(file.text) : (JSON.parse(file.text) as unknown[]);
        expect(rows).toHaveLength(job.rowCount);
        if (format === 'json') expect(file.text).toBe(JSON.stringify(rows, null, 2));
        expect(file.text).not.toMatch(/password|passwordHash|\$scrypt/i);
      });
    },
  );

  it('the audit CSV has the columns of part 2 §7 and exactly the filtered, sorted rows of the list', async () => {
    const query = 'action=UPDATE&sort=user&order=asc';
    const listed = await call(suite.app, {
      method: 'GET',
      url: `/audit-logs?${query}&limit=1000`,
      headers: headers(admin),
    });
    const expected = (listed.body.data as AuditPage).items;
    const { job } = await start({
      type: 'audit-logs',
      format: 'csv',
      options: { action: 'UPDATE', sort: 'user', order: 'asc' },
    });
    expect(job.rowCount).toBe(expected.length);
    const file = await download(job.downloadUrl!);
    expect(file.text.split('\r\n')[0]).toBe('timestamp,userName,action,resource,status,ipAddress');
    expect(csv(file.text)).toEqual(
      expected.map((r: AuditLog) => ({
        timestamp: r.timestamp,
        userName: r.userName ?? '',
        action: r.action,
        resource: r.resource,
        status: r.status,
        ipAddress: r.ipAddress ?? '',
      })),
    );
  });

  it('a job sees the trail as it was when it started', async () => {
    const { job } = await start({ type: 'audit-logs', format: 'json' });
    await seedAuditTrail(suite.database.db, {
      count: 5,
      start: new Date(clock.now()),
      stepMs: 1000,
      seed: 9,
    });
    const rows = JSON.parse((await download(job.downloadUrl!)).text) as AuditLog[];
    expect(rows).toHaveLength(job.rowCount);
  });

  it('writes one EXPORT audit record per job, with its type, format and row count', async () => {
    const { job } = await start({ type: 'users', format: 'csv' });
    const records = await suite.database.db.select().from(auditLogs).where(eq(auditLogs.resourceId, job.id));
    expect(records).toEqual([
      expect.objectContaining({
        action: 'EXPORT',
        resource: 'export',
        status: 'success',
        userId: adminId,
        userAgent: 'exports-test',
        details: expect.objectContaining({ type: 'users', format: 'csv', rowCount: job.rowCount }),
      }),
    ]);
    expect(JSON.stringify(records)).not.toContain(admin);
  });

  it("needs the type's permission: app_owner exports users and metrics, not alerts or audit logs", async () => {
    const owner = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'app_owner')).id);
    expect((await start({ type: 'users', format: 'csv' }, owner)).status).toBe(200);
    expect((await start({ type: 'metrics', format: 'json' }, owner)).status).toBe(200);
    for (const [type, permission] of [
      ['alerts', 'alerts.read'],
      ['audit-logs', 'audit.read'],
    ] as const) {
      const refused = await start({ type, format: 'csv' }, owner);
      expect([refused.status, refused.body.error]).toEqual([
        403,
        formatError(ERRORS.forbidden, { permission }),
      ]);
    }
    const failures = await suite.database.db.select().from(auditLogs).where(eq(auditLogs.status, 'failure'));
    expect(failures.filter((r) => r.action === 'EXPORT').length).toBeGreaterThanOrEqual(2);
  });

  it('X-Organization-Id limits an export to that organization; a non-member without a platform role is refused', async () => {
    const { job } = await start({ type: 'alerts', format: 'json' }, admin, f.orgA);
    const rows = JSON.parse((await download(job.downloadUrl!)).text) as { organizationId: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.organizationId === f.orgA)).toBe(true);

    // A member of A holding alerts.read as a platform permission, but no platform role over centers.
    await suite.database.db
      .insert(roles)
      .values({ id: 'alert_reader', name: 'Alert reader' })
      .onConflictDoNothing();
    await suite.database.db
      .insert(rolePermissions)
      .values({ roleId: 'alert_reader', permissionId: 'alerts.read' })
      .onConflictDoNothing();
    await suite.database.db.update(users).set({ role: 'alert_reader' }).where(eq(users.id, f.a.viewer.id));
    const inA = await start({ type: 'alerts', format: 'csv' }, f.a.viewer.token, f.orgA);
    expect(inA.status).toBe(200);
    const inB = await start({ type: 'alerts', format: 'csv' }, f.a.viewer.token, f.orgB);
    expect([inB.status, inB.body.error]).toEqual([403, ERRORS.notAMember]);

    const members = await start({ type: 'users', format: 'csv' }, admin, f.orgB);
    const memberRows = csv((await download(members.job.downloadUrl!)).text);
    const inOrgB = await suite.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.organizationId, f.orgB));
    expect(memberRows.map((r) => r.id).sort()).toEqual(inOrgB.map((m) => m.userId).sort());
  });

  it('history and status show only one own jobs; downloads of others are not found', async () => {
    const { job } = await start({ type: 'metrics', format: 'csv' });
    const other = await tokenFor(suite.database, clock, (await insertUser(suite.database, 'super_admin')).id);
    const history = await call(suite.app, { method: 'GET', url: '/export/history', headers: headers(admin) });
    const ids = (history.body.data as { history: ExportJob[] }).history.map((j) => j.id);
    expect(ids).toContain(job.id);
    const theirs = await call(suite.app, { method: 'GET', url: '/export/history', headers: headers(other) });
    expect((theirs.body.data as { history: ExportJob[] }).history).toEqual([]);
    const status = await call(suite.app, {
      method: 'GET',
      url: `/export/status/${job.id}`,
      headers: headers(admin),
    });
    expect(status.body.data).toEqual(job);
    const foreign = await call(suite.app, {
      method: 'GET',
      url: `/export/status/${job.id}`,
      headers: headers(other),
    });
    expect([foreign.status, foreign.body.error]).toEqual([404, ERRORS.exportNotFound]);
    expect((await download(job.downloadUrl!, other)).status).toBe(404);
    expect((await download(`/export/${randomUUID()}/download`)).status).toBe(404);
    const anonymous = await suite.app.inject({ method: 'GET', url: job.downloadUrl! });
    expect(anonymous.statusCode).toBe(401);
  });

  it('expires after a day: status expired, no download URL, download refused with 410', async () => {
    const { job } = await start({ type: 'alerts', format: 'csv' });
    clock.advance(86_400_000);
    admin = await tokenFor(suite.database, clock, adminId);
    const status = await call(suite.app, {
      method: 'GET',
      url: `/export/status/${job.id}`,
      headers: headers(admin),
    });
    expect(status.body.data).toMatchObject({ status: 'expired', downloadUrl: null });
    const file = await download(job.downloadUrl!);
    expect(file.status).toBe(410);
    expect(JSON.parse(file.text)).toEqual({ success: false, error: ERRORS.exportExpired });
  });

  it('refuses unknown types, formats and options', async () => {
    expect((await start({ type: 'secrets', format: 'csv' })).status).toBe(400);
    expect((await start({ type: 'users', format: 'xlsx' })).status).toBe(400);
    expect(
      (await start({ type: 'audit-logs', format: 'csv', options: { path: '/etc/passwd' } })).status,
    ).toBe(400);
  });
});
