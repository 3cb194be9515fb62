import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Member, Organization, OrganizationSummary } from '../../../../shared/api';
import { ERRORS, formatError } from '../../../../shared/errors';
import { MEMBER_ROLE_PERMISSIONS, isLimitReached } from '../../../../shared/tenancy';
import { alerts, invites, memberships, organizations } from '../../../../server/db/schema';
import { testDatabases } from '../../../support/databases';
import { bearer, call } from '../../../support/server';
import { useServerSuite } from '../../../support/suite';

const forbiddenTo = (action: string) => formatError(ERRORS.tenantForbidden, { action });

describe.each(testDatabases)('organizations (Client A) on $name', (target) => {
  const suite = useServerSuite(target, { tenants: true });
  const { f } = suite;
  const get = (url: string, token: string) => call(suite.app, { method: 'GET', url, headers: bearer(token) });
  const send = (method: 'PATCH' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    call(suite.app, { method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it("lists the caller's organizations with member counts; centers.view_all lists every one", async () => {
    const mine = await get('/organizations/user', f.a.viewer.token);
    expect(mine.status).toBe(200);
    const list = mine.body.data as OrganizationSummary[];
    expect(list.map((o) => [o.id, o.memberCount])).toEqual([[f.orgA, 5]]);
    expect(mine.body).not.toHaveProperty('error');

    const outsider = await get('/organizations/user', f.outsider.token);
    expect(outsider.body.data).toEqual([]);

    for (const platform of [f.platformAdmin, f.platformReader]) {
      const all = (await get('/organizations/user', platform.token)).body.data as OrganizationSummary[];
      expect(all.map((o) => o.id).sort()).toEqual([f.orgA, f.orgB].sort());
      expect(all.find((o) => o.id === f.orgB)?.memberCount).toBe(2);
    }
  });

  it('answers the tenant context: permissions as resource:action, isOwner, isAdmin', async () => {
    for (const role of ['owner', 'admin', 'manager', 'operator', 'viewer'] as const) {
      const { status, body } = await get(`/organizations/${f.orgA}/context`, f.a[role].token);
      expect(status).toBe(200);
      expect(body.data).toEqual({
        organizationId: f.orgA,
        role,
        permissions: [...MEMBER_ROLE_PERMISSIONS[role]],
        isOwner: role === 'owner',
        isAdmin: role === 'owner' || role === 'admin',
      });
    }
    const admin = (await get(`/organizations/${f.orgB}/context`, f.platformAdmin.token)).body.data;
    expect(admin).toMatchObject({ role: 'platform', isOwner: false, isAdmin: true });
    const reader = (await get(`/organizations/${f.orgB}/context`, f.platformReader.token)).body.data;
    expect(reader).toEqual({
      organizationId: f.orgB,
      role: 'platform',
      permissions: [...MEMBER_ROLE_PERMISSIONS.viewer],
      isOwner: false,
      isAdmin: false,
    });
  });

  it('refuses a non-member (403) and names an unknown organization (404)', async () => {
    const outsider = await get(`/organizations/${f.orgA}`, f.outsider.token);
    expect(outsider).toMatchObject({ status: 403, body: { success: false, message: ERRORS.notAMember } });
    const memberOfB = await get(`/organizations/${f.orgA}/members`, f.b.owner.token);
    expect(memberOfB).toMatchObject({ status: 403, body: { message: ERRORS.notAMember } });
    const unknown = await get('/organizations/6f1c1c1c-0000-4000-8000-000000000000', f.a.owner.token);
    expect(unknown).toMatchObject({ status: 404, body: { message: ERRORS.organizationNotFound } });
  });

  it('shows billing only to those who may view it, with usage computed and limits', async () => {
    const owner = (await get(`/organizations/${f.orgA}`, f.a.owner.token)).body.data as Organization;
    expect(owner.subscription.billing).toEqual({
      email: expect.stringMatching(/^billing@/),
      paymentMethod: { brand: 'visa', last4: '4242', expiryMonth: 12, expiryYear: 2030 },
    });
    for (const role of ['admin', 'manager', 'viewer'] as const) {
      const other = (await get(`/organizations/${f.orgA}`, f.a[role].token)).body.data as Organization;
      expect(other.subscription).not.toHaveProperty('billing');
    }
    const reader = (await get(`/organizations/${f.orgA}`, f.platformReader.token)).body.data as Organization;
    expect(reader.subscription).not.toHaveProperty('billing');

    expect(owner.settings.branding).toEqual({
      companyName: 'Alpha Kids',
      primaryColor: '#3b82f6',
      secondaryColor: '#6b7280',
    });
    expect(owner.limits.features).toEqual({ attendance: true, analytics: false });
    const { usage } = owner.subscription;
    expect(usage.users).toEqual({ current: 5, limit: 10 });
    expect(usage.metrics).toEqual({ current: 2, limit: 3 });
    expect(usage.alerts).toEqual({ current: 1, limit: 2 });
    expect(usage.storage.current).toBeGreaterThan(0);
    expect(isLimitReached(usage.alerts)).toBe(false);

    // Usage follows the rows: one more alert reaches the limit; a suspended member is not counted.
    await suite.database.db
      .insert(alerts)
      .values({ organizationId: f.orgA, title: 'Ratio', severity: 'high' });
    await suite.database.db
      .update(memberships)
      .set({ status: 'suspended' })
      .where(eq(memberships.userId, f.a.operator.id));
    try {
      const after = (await get(`/organizations/${f.orgA}`, f.a.owner.token)).body.data as Organization;
      expect(after.subscription.usage.alerts).toEqual({ current: 2, limit: 2 });
      expect(isLimitReached(after.subscription.usage.alerts)).toBe(true);
      expect(after.subscription.usage.users.current).toBe(4);
      expect(after.subscription.usage.storage.current).toBeGreaterThan(usage.storage.current);
      // A suspended membership is no membership.
      const suspended = await get(`/organizations/${f.orgA}`, f.a.operator.token);
      expect(suspended.status).toBe(403);
    } finally {
      await suite.database.db
        .update(memberships)
        .set({ status: 'active' })
        .where(eq(memberships.userId, f.a.operator.id));
      await suite.database.db.delete(alerts).where(eq(alerts.title, 'Ratio'));
    }
  });

  it('answers stats: users, active users seen in 30 days, dashboards, alerts, storage', async () => {
    const stats = await get(`/organizations/${f.orgB}/stats`, f.b.owner.token);
    expect(stats.status).toBe(200);
    // B's viewer has never been seen; its owner is seen now.
    expect(stats.body.data).toMatchObject({
      totalUsers: 2,
      activeUsers: 1,
      totalDashboards: 2,
      totalAlerts: 1,
    });
    expect((stats.body.data as { storageUsed: number }).storageUsed).toBeGreaterThan(0);
  });

  it('lets the owner and admins manage the organization, nobody else', async () => {
    const renamed = await send('PATCH', `/organizations/${f.orgA}`, f.a.admin.token, {
      name: 'Alpha Kids Group',
      settings: { branding: { primaryColor: '#112233' } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Alpha Kids Group',
      settings: { branding: { primaryColor: '#112233', secondaryColor: '#6b7280' } },
    });
    for (const token of [f.a.manager.token, f.a.viewer.token, f.platformReader.token]) {
      const refused = await send('PATCH', `/organizations/${f.orgA}`, token, { name: 'Nope' });
      expect(refused).toMatchObject({
        status: 403,
        body: { message: forbiddenTo('manage the organization') },
      });
    }
    const [row] = await suite.database.db.select().from(organizations).where(eq(organizations.id, f.orgA));
    expect(row?.name).toBe('Alpha Kids Group');
    const invalid = await send('PATCH', `/organizations/${f.orgA}`, f.a.owner.token, {
      settings: { branding: { primaryColor: 'blue' } },
    });
    expect(invalid.status).toBe(400);
  });

  it('manages members: invite, change a role, remove; owner fixed; existing member 409', async () => {
    const invited = await send('POST', `/organizations/${f.orgA}/invites`, f.a.admin.token, {
      email: 'New.Person@Test.example',
      role: 'operator',
    });
    expect(invited.status).toBe(200);
    expect(invited.body.data).toMatchObject({
      email: 'new.person@test.example',
      role: 'operator',
      status: 'pending',
    });
    // The one-time link is answered once (issue 13); only its hash is stored.
    const { token } = (invited.body.data as { delivery: { token: string } }).delivery;
    const [stored] = await suite.database.db.select().from(invites).where(eq(invites.organizationId, f.orgA));
    expect(stored?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));

    const again = await send('POST', `/organizations/${f.orgA}/invites`, f.a.owner.token, {
      email: f.a.viewer.email.toUpperCase(),
      role: 'viewer',
    });
    expect(again).toMatchObject({ status: 409, body: { message: ERRORS.alreadyMember } });

    for (const token of [f.a.manager.token, f.a.operator.token, f.platformReader.token]) {
      const refused = await send('POST', `/organizations/${f.orgA}/invites`, token, {
        email: 'x@test.example',
        role: 'viewer',
      });
      expect(refused).toMatchObject({ status: 403, body: { message: forbiddenTo('manage members') } });
    }

    const members = (await get(`/organizations/${f.orgA}/members`, f.a.viewer.token)).body.data as Member[];
    expect(members.map((m) => m.role).sort()).toEqual(['admin', 'manager', 'operator', 'owner', 'viewer']);

    const promoted = await send(
      'PATCH',
      `/organizations/${f.orgA}/members/${f.a.viewer.id}`,
      f.a.admin.token,
      {
        role: 'manager',
      },
    );
    expect(promoted).toMatchObject({
      status: 200,
      body: { data: { userId: f.a.viewer.id, role: 'manager' } },
    });

    const ownerRole = await send(
      'PATCH',
      `/organizations/${f.orgA}/members/${f.a.owner.id}`,
      f.a.admin.token,
      {
        role: 'viewer',
      },
    );
    expect(ownerRole).toMatchObject({ status: 403, body: { message: ERRORS.ownerRoleFixed } });
    const ownerOut = await send(
      'DELETE',
      `/organizations/${f.orgA}/members/${f.a.owner.id}`,
      f.a.owner.token,
    );
    expect(ownerOut).toMatchObject({ status: 403, body: { message: ERRORS.ownerCannotBeRemoved } });
    const missing = await send(
      'DELETE',
      `/organizations/${f.orgA}/members/${f.b.viewer.id}`,
      f.a.owner.token,
    );
    expect(missing).toMatchObject({ status: 404, body: { message: ERRORS.memberNotFound } });
    const notAnId = await send('DELETE', `/organizations/${f.orgA}/members/nobody`, f.a.owner.token);
    expect(notAnId).toMatchObject({ status: 404, body: { message: ERRORS.memberNotFound } });
    const cannotPromoteToOwner = await send(
      'PATCH',
      `/organizations/${f.orgA}/members/${f.a.viewer.id}`,
      f.a.owner.token,
      { role: 'owner' },
    );
    expect(cannotPromoteToOwner.status).toBe(400);

    const removed = await send(
      'DELETE',
      `/organizations/${f.orgA}/members/${f.a.viewer.id}`,
      f.a.owner.token,
    );
    expect(removed).toMatchObject({ status: 200, body: { data: { removed: true } } });
    const gone = await get(`/organizations/${f.orgA}/context`, f.a.viewer.token);
    expect(gone).toMatchObject({ status: 403, body: { message: ERRORS.notAMember } });
  });

  it('lets a platform administrator (centers.manage) manage, and a reader only read', async () => {
    const read = await get(`/organizations/${f.orgB}/members`, f.platformReader.token);
    expect(read.status).toBe(200);
    const patched = await send('PATCH', `/organizations/${f.orgB}`, f.platformAdmin.token, {
      name: 'Bravo Tots',
    });
    expect(patched.status).toBe(200);
  });
});
