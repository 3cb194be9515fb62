/**
 * The audit trail: every state-changing route writes exactly one record with who, what, where, from
 * which address and client, its status and severity, and never a secret; refused attempts are recorded
 * as failures.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginData } from '../../../../shared/api';
import { DEMO_PASSWORD } from '../../../../server/seed/demo-users';
import { testDatabases } from '../../../support/databases';
import { bearer, call } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';
import { auditRows } from '../../../support/tenancy';

type AuditRow = Awaited<ReturnType<typeof auditRows>>[number];
const NEW_PASSWORD = 'Another-Secret-2026!';
const USER_AGENT = 'audit-test/1.0';
const IP = '10.1.2.3';

describe.each(testDatabases)('audit trail on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { f } = suite;
  const secrets: string[] = [DEMO_PASSWORD, NEW_PASSWORD];

  /** Runs one request and answers the audit records it added. */
  async function recorded(options: {
    method: string;
    url: string;
    token?: string;
    org?: string;
    payload?: object;
  }): Promise<{ status: number; rows: AuditRow[]; body: unknown }> {
    const before = new Set((await auditRows(suite.database)).map((r) => r.id));
    const response = await call(suite.app, {
      method: options.method as 'POST',
      url: options.url,
      remoteAddress: IP,
      headers: {
        'user-agent': USER_AGENT,
        ...(options.token ? bearer(options.token) : {}),
        ...(options.org ? { 'x-organization-id': options.org } : {}),
      },
      ...(options.payload ? { payload: options.payload } : {}),
    });
    const rows = (await auditRows(suite.database)).filter((r) => !before.has(r.id));
    for (const row of rows) {
      const text = JSON.stringify(row);
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(Object.keys(row.details)).not.toContainEqual(expect.stringMatching(/password|token/i));
      expect(row).toMatchObject({ ipAddress: IP, userAgent: USER_AGENT });
    }
    return { status: response.status, rows, body: response.body };
  }

  beforeAll(async () => {
    secrets.push(...[f.a.owner, f.a.admin, f.a.operator, f.platformAdmin, f.outsider].map((u) => u.token));
  });

  it('records sign-in success and failure, logout, registration and password change', async () => {
    const failed = await recorded({
      method: 'POST',
      url: '/auth/login',
      payload: { email: f.outsider.email, password: 'wrong-password' },
    });
    expect(failed.status).toBe(401);
    expect(failed.rows).toEqual([
      expect.objectContaining({
        action: 'LOGIN',
        resource: 'session',
        status: 'failure',
        severity: 'medium',
        userId: null,
        userEmail: f.outsider.email,
      }),
    ]);
    expect(JSON.stringify(failed.rows)).not.toContain('wrong-password');

    const ok = await recorded({
      method: 'POST',
      url: '/auth/login',
      payload: { email: f.outsider.email, password: DEMO_PASSWORD },
    });
    expect(ok.status).toBe(200);
    const token = (ok.body as { data: LoginData }).data.token;
    secrets.push(token);
    expect(ok.rows).toEqual([
      expect.objectContaining({
        action: 'LOGIN',
        status: 'success',
        severity: 'low',
        userId: f.outsider.id,
        userEmail: f.outsider.email,
        resourceId: f.outsider.id,
      }),
    ]);

    const registered = await recorded({
      method: 'POST',
      url: '/auth/register',
      token: f.platformAdmin.token,
      payload: { email: 'New.Hire@test.example', name: 'New Hire', password: NEW_PASSWORD, role: 'teacher' },
    });
    expect(registered.status).toBe(200);
    expect(registered.rows).toEqual([
      expect.objectContaining({
        action: 'CREATE',
        resource: 'user',
        status: 'success',
        userId: f.platformAdmin.id,
        resourceId: (registered.body as { data: { userId: string } }).data.userId,
        details: { email: 'new.hire@test.example', role: 'teacher' },
      }),
    ]);
    const duplicate = await recorded({
      method: 'POST',
      url: '/auth/register',
      token: f.platformAdmin.token,
      payload: { email: 'new.hire@test.example', name: 'Again', password: NEW_PASSWORD, role: 'teacher' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.rows).toEqual([
      expect.objectContaining({
        action: 'CREATE',
        status: 'failure',
        details: expect.objectContaining({ statusCode: 409 }),
      }),
    ]);

    const wrongCurrent = await recorded({
      method: 'POST',
      url: '/auth/password',
      token,
      payload: { currentPassword: 'not-it', newPassword: NEW_PASSWORD },
    });
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.rows).toEqual([
      expect.objectContaining({
        action: 'UPDATE',
        resource: 'password',
        status: 'failure',
        userId: f.outsider.id,
      }),
    ]);
    const changed = await recorded({
      method: 'POST',
      url: '/auth/password',
      token,
      payload: { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(changed.status).toBe(200);
    const fresh = (changed.body as { data: LoginData }).data.token;
    secrets.push(fresh);
    expect(changed.rows).toEqual([
      expect.objectContaining({
        action: 'UPDATE',
        resource: 'password',
        status: 'success',
        resourceId: f.outsider.id,
      }),
    ]);

    const out = await recorded({ method: 'POST', url: '/auth/logout', token: fresh });
    expect(out.status).toBe(200);
    expect(out.rows).toEqual([
      expect.objectContaining({
        action: 'LOGOUT',
        status: 'success',
        userId: f.outsider.id,
        organizationId: null,
      }),
    ]);
  });

  it('records each organization change once, in its organization, and each refusal', async () => {
    const url = `/organizations/${f.orgA}`;
    const update = await recorded({
      method: 'PATCH',
      url,
      token: f.a.owner.token,
      payload: { name: 'Alpha 2' },
    });
    expect(update.rows).toEqual([
      expect.objectContaining({
        organizationId: f.orgA,
        userId: f.a.owner.id,
        userName: 'Test center_admin',
        userEmail: f.a.owner.email,
        action: 'UPDATE',
        resource: 'organization',
        resourceId: f.orgA,
        status: 'success',
        severity: 'medium',
        details: { changes: { name: 'Alpha 2' } },
      }),
    ]);
    const refused = await recorded({
      method: 'PATCH',
      url,
      token: f.a.viewer.token,
      payload: { name: 'No' },
    });
    expect(refused.status).toBe(403);
    expect(refused.rows).toEqual([
      expect.objectContaining({
        organizationId: f.orgA,
        userId: f.a.viewer.id,
        status: 'failure',
        severity: 'high',
      }),
    ]);
    const crossTenant = await recorded({
      method: 'PATCH',
      url: `/organizations/${f.orgB}`,
      token: f.a.owner.token,
      payload: { name: 'Mine now' },
    });
    expect(crossTenant.rows).toEqual([
      expect.objectContaining({ organizationId: f.orgB, userId: f.a.owner.id, status: 'failure' }),
    ]);

    const invite = await recorded({
      method: 'POST',
      url: `${url}/invites`,
      token: f.a.admin.token,
      payload: { email: 'someone@test.example', role: 'viewer' },
    });
    const inviteId = (invite.body as { data: { id: string } }).data.id;
    expect(invite.rows).toEqual([
      expect.objectContaining({
        action: 'CREATE',
        resource: 'invite',
        resourceId: inviteId,
        organizationId: f.orgA,
        details: { email: 'someone@test.example', role: 'viewer' },
      }),
    ]);
    const existing = await recorded({
      method: 'POST',
      url: `${url}/invites`,
      token: f.a.admin.token,
      payload: { email: f.a.viewer.email, role: 'viewer' },
    });
    expect(existing.rows).toEqual([
      expect.objectContaining({
        resource: 'invite',
        status: 'failure',
        details: expect.objectContaining({ statusCode: 409 }),
      }),
    ]);
    const invalid = await recorded({
      method: 'POST',
      url: `${url}/invites`,
      token: f.a.admin.token,
      payload: { email: 'not-an-email', role: 'viewer' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.rows).toEqual([expect.objectContaining({ status: 'failure', organizationId: f.orgA })]);

    const role = await recorded({
      method: 'PATCH',
      url: `${url}/members/${f.a.operator.id}`,
      token: f.a.admin.token,
      payload: { role: 'manager' },
    });
    expect(role.rows).toEqual([
      expect.objectContaining({
        action: 'UPDATE',
        resource: 'member',
        resourceId: f.a.operator.id,
        details: { from: 'operator', to: 'manager' },
        status: 'success',
      }),
    ]);
    const ownerRole = await recorded({
      method: 'PATCH',
      url: `${url}/members/${f.a.owner.id}`,
      token: f.a.admin.token,
      payload: { role: 'viewer' },
    });
    expect(ownerRole.rows).toEqual([
      expect.objectContaining({ resource: 'member', resourceId: f.a.owner.id, status: 'failure' }),
    ]);
    const removed = await recorded({
      method: 'DELETE',
      url: `${url}/members/${f.a.operator.id}`,
      token: f.a.owner.token,
    });
    expect(removed.rows).toEqual([
      expect.objectContaining({
        action: 'DELETE',
        resource: 'member',
        resourceId: f.a.operator.id,
        severity: 'high',
      }),
    ]);
    const owner = await recorded({
      method: 'DELETE',
      url: `${url}/members/${f.a.owner.id}`,
      token: f.a.admin.token,
    });
    expect(owner.rows).toEqual([
      expect.objectContaining({ action: 'DELETE', status: 'failure', severity: 'critical' }),
    ]);
  });

  it('records child and attendance changes, and refused ones', async () => {
    const body = { firstName: 'Audit', lastName: 'Child', dateOfBirth: '2022-01-01' };
    const created = await recorded({
      method: 'POST',
      url: '/children',
      token: f.a.admin.token,
      org: f.orgA,
      payload: body,
    });
    const childId = (created.body as { data: { id: string } }).data.id;
    expect(created.rows).toEqual([
      expect.objectContaining({
        action: 'CREATE',
        resource: 'child',
        resourceId: childId,
        organizationId: f.orgA,
      }),
    ]);
    const updated = await recorded({
      method: 'PUT',
      url: `/children/${childId}`,
      token: f.a.admin.token,
      org: f.orgA,
      payload: { ...body, lastName: 'Changed' },
    });
    expect(updated.rows).toEqual([
      expect.objectContaining({ action: 'UPDATE', resourceId: childId, status: 'success' }),
    ]);

    const checkIn = await recorded({
      method: 'POST',
      url: '/attendance',
      token: f.a.admin.token,
      org: f.orgA,
      payload: { childId, action: 'check_in' },
    });
    expect(checkIn.rows).toEqual([
      expect.objectContaining({
        resource: 'attendance',
        resourceId: childId,
        status: 'success',
        details: expect.objectContaining({ action: 'check_in', childId }),
      }),
    ]);
    const twice = await recorded({
      method: 'POST',
      url: '/attendance',
      token: f.a.admin.token,
      org: f.orgA,
      payload: { childId, action: 'check_in' },
    });
    expect(twice.rows).toEqual([expect.objectContaining({ resource: 'attendance', status: 'failure' })]);

    const deleted = await recorded({
      method: 'DELETE',
      url: `/children/${childId}`,
      token: f.a.admin.token,
      org: f.orgA,
    });
    expect(deleted.rows).toEqual([
      expect.objectContaining({ action: 'DELETE', resourceId: childId, status: 'success' }),
    ]);
    const outsider = await recorded({
      method: 'DELETE',
      url: `/children/${f.childA}`,
      token: f.outsider.token,
      org: f.orgA,
    });
    expect(outsider.status).toBe(403);
    expect(outsider.rows).toEqual([
      expect.objectContaining({
        action: 'DELETE',
        status: 'failure',
        userId: f.outsider.id,
        organizationId: f.orgA,
      }),
    ]);
  });

  it('writes the record in the same transaction as the change: no record, no change', async () => {
    const count = async () =>
      (
        (
          await call(suite.app, {
            method: 'GET',
            url: '/children',
            headers: { ...bearer(f.a.owner.token), 'x-organization-id': f.orgA },
          })
        ).body.data as unknown[]
      ).length;
    const before = await count();
    await suite.database.db.execute(
      sql`alter table audit_logs add constraint audit_refuses_children check (resource <> 'child') not valid`,
    );
    try {
      const refused = await recorded({
        method: 'POST',
        url: '/children',
        token: f.a.owner.token,
        org: f.orgA,
        payload: { firstName: 'Never', lastName: 'Saved', dateOfBirth: '2022-01-01' },
      });
      expect(refused.status).toBe(500);
      expect(refused.rows).toEqual([]);
    } finally {
      await suite.database.db.execute(sql`alter table audit_logs drop constraint audit_refuses_children`);
    }
    expect(await count()).toBe(before);
  });

  it('writes nothing for reads', async () => {
    const read = await recorded({ method: 'GET', url: '/children', token: f.a.viewer.token, org: f.orgA });
    expect(read.status).toBe(200);
    expect(read.rows).toEqual([]);
  });
});
