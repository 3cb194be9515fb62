import { describe, expect, it } from 'vitest';
import { childcareEndpoints } from '../../../shared/api/childcare';
import { ERRORS } from '../../../shared/errors';
import { DEMO_ORGANIZATION_COUNT, FIRST_DEMO_ORGANIZATION_ID } from '../../../server/seed/tenancy';
import { coreAgainstTestServer } from './core-against-server';

/** The orgs:* handlers against the real server and its demo tenants. */
const suite = coreAgainstTestServer();
const { call, value, signIn } = suite;
const FIRST = FIRST_DEMO_ORGANIZATION_ID;

describe('orgs:* against the real server', () => {
  it('a platform administrator lists every organization and gets a platform context', async () => {
    await signIn('admin@demo.example');
    const list = await value<{ id: string }[]>('orgs:list');
    expect(list).toHaveLength(DEMO_ORGANIZATION_COUNT);
    const { organizationId } = await value<{ organizationId: string }>('orgs:current');
    expect(organizationId).toBe(list[0]!.id);
    expect(await value('orgs:context', { organizationId })).toMatchObject({
      role: 'platform',
      isOwner: false,
    });
  });

  it('the owner switches to their organization and manages it; the owner cannot be removed', async () => {
    await signIn('director@demo.example');
    expect(await call('orgs:switch', { organizationId: '10000000-0000-4000-8000-000000000017' })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: ERRORS.organizationNotFound },
    });
    await value('orgs:switch', { organizationId: FIRST });
    expect(suite.core.store.getOrganizationId()).toBe(FIRST);
    const context = await value('orgs:context', { organizationId: FIRST });
    expect(context).toMatchObject({ role: 'owner', isOwner: true });
    const organization = await value<{ subscription: { billing?: unknown } }>('orgs:get', {
      organizationId: FIRST,
    });
    expect(organization.subscription.billing).toBeDefined();
    const stats = await value<{ storageUsed: number }>('orgs:stats', { organizationId: FIRST });
    expect(stats.storageUsed).toBeGreaterThanOrEqual(0);

    type Row = { userId: string; role: string };
    const members = await value<Row[]>('orgs:members', { organizationId: FIRST });
    const owner = members.find((m) => m.role === 'owner')!;
    const other = members.find((m) => m.role === 'viewer')!;
    expect(await call('orgs:removeMember', { organizationId: FIRST, userId: owner.userId })).toEqual({
      ok: false,
      error: { code: 'FAILED', message: ERRORS.ownerCannotBeRemoved },
    });
    expect(
      await value('orgs:updateMember', { organizationId: FIRST, userId: other.userId, role: 'operator' }),
    ).toMatchObject({ role: 'operator' });
    expect(
      await value('orgs:invite', { organizationId: FIRST, email: 'invitee@demo.example', role: 'viewer' }),
    ).toMatchObject({ email: 'invitee@demo.example', role: 'viewer', status: 'pending' });
    expect(
      await value('orgs:update', {
        organizationId: FIRST,
        changes: { settings: { branding: { companyName: 'Sunshine Group' } } },
      }),
    ).toMatchObject({ settings: { branding: { companyName: 'Sunshine Group' } } });

    // Client B's tenant calls go to the stored organization.
    const children = await suite.core.gateway.request(childcareEndpoints.listChildren);
    expect(children.success && children.data.every((c) => c.organizationId === FIRST)).toBe(true);
  });

  it('a manager is refused the owner-only changes with the server message', async () => {
    await signIn('director@demo.example');
    const managed = '10000000-0000-4000-8000-000000000001';
    expect(await value('orgs:context', { organizationId: managed })).toMatchObject({ role: 'manager' });
    const organization = await value<{ subscription: { billing?: unknown } }>('orgs:get', {
      organizationId: managed,
    });
    expect(organization.subscription.billing).toBeUndefined();
    const refused = await call('orgs:invite', {
      organizationId: managed,
      email: 'x@demo.example',
      role: 'viewer',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FAILED' } });
    expect(refused.ok || refused.error.message).toMatch(/not allowed|permission/i);
  });
});
