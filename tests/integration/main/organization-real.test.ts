import { describe, expect, it } from 'vitest';
import { childcareEndpoints } from '../../../shared/api/childcare';
import { ERRORS } from '../../../shared/errors';
import { DEMO_ORGANIZATION_COUNT, FIRST_DEMO_ORGANIZATION_ID } from '../../../server/seed/tenancy';
import { coreAgainstTestServer } from './core-against-server';

/** The organization channels (orgs:* and the forwarded organizations.*) against the real server and its demo tenants. */
const suite = coreAgainstTestServer();
const { call, value, signIn } = suite;
const FIRST = FIRST_DEMO_ORGANIZATION_ID;

describe('organization channels against the real server', () => {
  it('a platform administrator lists every organization and gets a platform context', async () => {
    await signIn('admin@demo.example');
    const list = await value<{ id: string }[]>('organizations.list');
    expect(list).toHaveLength(DEMO_ORGANIZATION_COUNT);
    const { organizationId } = await value<{ organizationId: string }>('orgs:current');
    expect(organizationId).toBe(list[0]!.id);
    expect(await value('organizations.context', { params: { id: organizationId } })).toMatchObject({
      role: 'platform',
      isOwner: false,
    });
  });

  it('the owner switches to their organization and manages it; the owner cannot be removed', async () => {
    await signIn('director@demo.example');
    expect(await call('orgs:switch', { organizationId: '10000000-0000-4000-8000-000000000017' })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: ERRORS.organizationNotFound },
    });
    await value('orgs:switch', { organizationId: FIRST });
    expect(suite.core.store.getOrganizationId()).toBe(FIRST);
    const byId = { params: { id: FIRST } };
    const context = await value('organizations.context', byId);
    expect(context).toMatchObject({ role: 'owner', isOwner: true });
    const organization = await value<{ subscription: { billing?: unknown } }>('organizations.get', byId);
    expect(organization.subscription.billing).toBeDefined();
    const stats = await value<{ storageUsed: number }>('organizations.stats', byId);
    expect(stats.storageUsed).toBeGreaterThanOrEqual(0);

    type Row = { userId: string; role: string; user: { email: string } };
    const members = await value<Row[]>('organizations.members', byId);
    const owner = members.find((m) => m.role === 'owner')!;
    const other = members.find((m) => m.role === 'viewer')!;
    const memberOf = (userId: string) => ({ params: { id: FIRST, userId } });
    expect(await suite.refusal('organizations.removeMember', memberOf(owner.userId))).toEqual({
      code: 'FORBIDDEN',
      message: ERRORS.ownerCannotBeRemoved,
      status: 403,
    });
    expect(
      await value('organizations.updateMember', { ...memberOf(other.userId), body: { role: 'operator' } }),
    ).toMatchObject({ role: 'operator' });
    const invite = { ...byId, body: { email: 'invitee@demo.example', role: 'viewer' } };
    expect(await value('organizations.invite', invite)).toMatchObject({
      email: 'invitee@demo.example',
      role: 'viewer',
      status: 'pending',
    });
    // Inviting someone who is already a member: a conflict, told by its code.
    const existing = { ...byId, body: { email: other.user.email, role: 'viewer' } };
    expect(await suite.refusal('organizations.invite', existing)).toEqual({
      code: 'CONFLICT',
      message: ERRORS.alreadyMember,
      status: 409,
    });
    expect(
      await value('organizations.update', {
        ...byId,
        body: { settings: { branding: { companyName: 'Sunshine Group' } } },
      }),
    ).toMatchObject({ settings: { branding: { companyName: 'Sunshine Group' } } });
    expect(
      await suite.refusal('organizations.get', { params: { id: '10000000-0000-4000-8000-000000000017' } }),
    ).toMatchObject({ code: 'FORBIDDEN', status: 403 });

    // Client B's tenant calls go to the stored organization.
    const children = await suite.core.gateway.request(childcareEndpoints.listChildren);
    expect(children.success && children.data.every((c) => c.organizationId === FIRST)).toBe(true);
  });

  it('a manager is refused the owner-only changes with the server message', async () => {
    await signIn('director@demo.example');
    const managed = '10000000-0000-4000-8000-000000000001';
    const byId = { params: { id: managed } };
    expect(await value('organizations.context', byId)).toMatchObject({ role: 'manager' });
    const organization = await value<{ subscription: { billing?: unknown } }>('organizations.get', byId);
    expect(organization.subscription.billing).toBeUndefined();
    const refused = await call('organizations.invite', {
      ...byId,
      body: { email: 'x@demo.example', role: 'viewer' },
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', status: 403 } });
    expect(refused.ok || refused.error.message).toMatch(/not allowed|permission/i);
  });
});
